package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.datapath.ClosureScope;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
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
