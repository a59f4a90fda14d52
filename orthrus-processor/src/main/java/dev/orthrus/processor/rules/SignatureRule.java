package dev.orthrus.processor.rules;

import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import dev.orthrus.model.Severity;
import dev.orthrus.processor.datapath.ClosureScope;
import dev.orthrus.processor.summary.Site;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;

/** A closure parameter or result whose values a validator cannot compare. */
public final class SignatureRule extends AbstractRule {

  public static final String KEY = "orthrus.closure.signature";

  static final String HINT = "make it a record of comparable components, override equals (and hashCode), "
      + "annotate the class @UserData, or pass plain values (primitives, String, enums, arrays of these)";

  public SignatureRule() {
    super(KEY, Severity.ERROR,
        "a closure parameter or result type cannot be compared between the application and the validator");
  }

  @Override
  public void check(RuleContext context, Findings findings) {
    for (ClosureScope scope : context.dataPath().closures()) {
      ExecutableElement method = scope.closure().element();
      Site declaration = scope.closure().declaration();
      MethodTree tree = declaration.tree() instanceof MethodTree m ? m : null;
      for (int i = 0; i < method.getParameters().size(); i++) {
        VariableElement p = method.getParameters().get(i);
        Tree at = tree == null ? null : tree.getParameters().get(i);
        check(context, findings, scope, p.asType(), "parameter `" + p.getSimpleName() + "`", at, declaration);
      }
      check(context, findings, scope, method.getReturnType(), "result", tree == null ? null : tree.getReturnType(),
          declaration);
    }
  }

  private void check(RuleContext context, Findings findings, ClosureScope scope, TypeMirror type, String what,
      Tree at, Site declaration) {
    if (context.values().classify(type).comparable()) {
      return;
    }
    Site site = at == null ? declaration
        : new Site(at, declaration.unit(), context.positions().position(declaration.unit(), at));
    findings.report(KEY, severity(), site,
        "closure `" + scope.id() + "` has a " + what + " of type `" + type
            + "` that a validator cannot compare; hint: " + HINT,
        scope.id());
  }
}
