package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.datapath.ClosureScope;
import dev.orthrus.processor.summary.JavaNames;
import dev.orthrus.processor.summary.MethodSummary;
import dev.orthrus.processor.summary.Site;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** A closure parameter or result whose values a validator cannot compare. */
public final class SignatureRule extends AbstractRule {

  static final String HINT =
      "make it a record of comparable components, override equals (and hashCode), "
          + "annotate the class @UserData, or pass plain values (primitives, String, enums, arrays of these)";

  /**
   * For an interface: {@code @UserData} goes on classes only, and a sealed interface tells the
   * validator every class a value may have.
   */
  static final String INTERFACE_HINT =
      "make it a sealed interface that permits only @UserData classes and comparable records or"
          + " enums, or take one of those classes, or pass plain values (primitives, String, enums,"
          + " arrays of these)";

  /** For a type variable: its bound is what the validator compares. */
  static final String VARIABLE_HINT =
      "bound it by a @UserData class or a sealed interface of them (<T extends Account>), or take"
          + " a concrete comparable type";

  /** For a JDK class, which cannot be annotated. */
  static final String JDK_HINT =
      "a JDK class cannot be made @UserData: pass what the closure needs of it as plain values"
          + " (primitives, String, enums, arrays of these; for a java.util.Random, a seed, or the"
          + " numbers drawn before the call), or a record of comparable components, or a @UserData"
          + " class of your own that holds them";

  static final String FUNCTION_HINT =
      "a function passed in is code the closure's log cannot follow: write the lambda inside the"
          + " closure, or pass the values it would compute from (an enum can choose among a fixed"
          + " set of functions the closure writes out)";

  public SignatureRule() {
    super(Rule.SIGNATURE);
  }

  @Override
  public void check(RuleContext context, Findings findings) {
    for (ClosureScope scope : context.dataPath().closures()) {
      MethodSummary closure = scope.closure();
      ExecutableElement method = closure.element();
      for (int i = 0; i < method.getParameters().size(); i++) {
        VariableElement p = method.getParameters().get(i);
        Site at =
            i < closure.parameterSites().size()
                ? closure.parameterSites().get(i)
                : closure.declaration();
        check(context, findings, scope, p.asType(), "parameter `" + p.getSimpleName() + "`", at);
      }
      check(
          context,
          findings,
          scope,
          method.getReturnType(),
          "result",
          closure.resultSite() == null ? closure.declaration() : closure.resultSite());
    }
  }

  private void check(
      RuleContext context,
      Findings findings,
      ClosureScope scope,
      TypeMirror type,
      String what,
      Site site) {
    if (context.values().classify(type).comparable()) {
      return;
    }
    findings.report(
        rule(),
        site,
        "closure `"
            + scope.id()
            + "` has a "
            + what
            + " of type `"
            + type
            + "` that a validator cannot compare; hint: "
            + hint(type),
        scope.id());
  }

  private static String hint(TypeMirror type) {
    if (type.getKind() == TypeKind.TYPEVAR) {
      return VARIABLE_HINT;
    }
    if (!(type instanceof DeclaredType d && d.asElement() instanceof TypeElement element)) {
      return HINT;
    }
    if (element.getAnnotation(FunctionalInterface.class) != null) {
      return FUNCTION_HINT;
    }
    if (JavaNames.isJdk(element)) {
      return JDK_HINT;
    }
    return element.getKind() == ElementKind.INTERFACE ? INTERFACE_HINT : HINT;
  }
}
