package dev.orthrus.processor.rules;

import com.sun.source.tree.CompilationUnitTree;
import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.datapath.ClosureScope;
import java.io.IOException;
import java.util.regex.Pattern;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;

/**
 * A closure declared in a class that its generated catalog cannot name: a private class, a local or
 * anonymous class, or a class nested in one. It would get no catalog, so the runtime would never
 * know it. Checked on the type-checked trees, where local and anonymous classes are visible (the
 * processing rounds only see member classes), so the error never stops the other checks.
 */
public final class OwnerRule extends AbstractRule {

  public OwnerRule() {
    super(Rule.OWNER);
  }

  @Override
  public void check(RuleContext context, Findings findings) {
    for (ClosureScope scope : context.dataPath().closures()) {
      TypeElement owner = scope.closure().owner();
      String why = hiddenBecause(owner);
      if (why == null && implicitlyDeclared(owner, scope.closure().declaration().unit())) {
        why = IMPLICIT;
      }
      ExecutableElement method = scope.closure().element();
      if (why == null
          && owner.getKind() == ElementKind.INTERFACE
          && method != null
          && method.getModifiers().contains(Modifier.DEFAULT)) {
        // The rewriter refuses it too (orthrus.rewriter.unprotectable); say so at compile time.
        findings.report(
            rule(),
            scope.closure().declaration(),
            "closure `"
                + scope.id()
                + "` is an interface's default method, which the rewriter cannot give logged"
                + " variants: declare the closure in the implementing classes, or make it a static"
                + " method of the interface",
            scope.id());
        continue;
      }
      if (why != null) {
        findings.report(
            rule(),
            scope.closure().declaration(),
            "closure `"
                + scope.id()
                + "` is declared in "
                + why
                + ", which the generated closure catalog cannot name, so the closure would run unprotected: "
                + "declare it in a top-level or member class that is not private",
            scope.id());
      }
    }
  }

  /** Why a closure of a compact source file's class is hidden. */
  public static final String IMPLICIT =
      "the class a compact source file declares implicitly (a file of top-level methods, Java 25)";

  /**
   * Whether {@code type} is, or is nested in, the class a compact source file declares implicitly
   * (Java 25): top-level, in the unnamed package, and named by no class declaration of its file. No
   * other compilation unit can name it, a generated catalog included.
   */
  public static boolean implicitlyDeclared(TypeElement type, CompilationUnitTree unit) {
    Element top = type;
    while (top.getEnclosingElement() instanceof TypeElement outer) {
      top = outer;
    }
    if (unit == null
        || !(top.getEnclosingElement() instanceof PackageElement pkg)
        || !pkg.isUnnamed()) {
      return false;
    }
    try {
      CharSequence text = unit.getSourceFile().getCharContent(true);
      return !Pattern.compile(
              "\\b(class|interface|enum|record)\\s+"
                  + Pattern.quote(top.getSimpleName().toString())
                  + "\\b")
          .matcher(text)
          .find();
    } catch (IOException e) {
      return false;
    }
  }

  /** Why a generated class in the owner's package cannot name the owner, or null when it can. */
  public static String hiddenBecause(TypeElement type) {
    for (Element e = type; e instanceof TypeElement t; e = e.getEnclosingElement()) {
      String which = t == type ? "" : " (inside `" + t.getQualifiedName() + "`)";
      if (t.getNestingKind() == NestingKind.LOCAL) {
        return "a local class" + which;
      }
      if (t.getNestingKind() == NestingKind.ANONYMOUS) {
        return "an anonymous class" + which;
      }
      if (t.getModifiers().contains(Modifier.PRIVATE)) {
        return "private class `" + t.getQualifiedName() + "`";
      }
    }
    return null;
  }
}
