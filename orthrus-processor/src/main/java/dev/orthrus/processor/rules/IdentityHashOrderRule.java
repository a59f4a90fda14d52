package dev.orthrus.processor.rules;

import dev.orthrus.model.SourcePosition;
import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.datapath.ClosureScope;
import dev.orthrus.processor.summary.ApiUse;
import dev.orthrus.processor.summary.Call;
import dev.orthrus.processor.summary.IdentityTypeArgument;
import dev.orthrus.processor.summary.JavaNames;
import dev.orthrus.processor.summary.MethodSummary;
import dev.orthrus.processor.summary.TypeParameterHashOrder;
import dev.orthrus.processor.summary.TypeParameterPass;
import java.util.HashSet;
import java.util.Set;

/**
 * Iteration in identity-hash order: the application's and the validator's fresh objects hash
 * differently, so they iterate in different orders, and the order cannot be recorded. A generic
 * helper's hash set of its type parameter ({@code new HashSet<T>(items)}) is reported where the
 * data path calls it with a type whose objects hash by identity.
 */
public final class IdentityHashOrderRule extends ApiUseRule {

  private static final String WHY =
      "; the application's and the validator's objects hash differently, so a validator"
          + " cannot reproduce the order: give the key class a hashCode of its fields' values (and"
          + " the classes it hashes, or a record key's components hold, one too), or use a"
          + " LinkedHashMap, LinkedHashSet, TreeMap or list";

  public IdentityHashOrderRule() {
    super(Rule.IDENTITY_HASH_ORDER);
  }

  @Override
  String describe(ApiUse use, String who) {
    return who + " depends on identity-hash order (`" + use.target() + "`)" + WHY;
  }

  @Override
  public void check(RuleContext context, Findings findings) {
    super.check(context, findings);
    for (ClosureScope scope : context.dataPath().closures()) {
      for (MethodSummary method : scope.methods()) {
        for (IdentityTypeArgument argument : method.identityTypeArguments()) {
          for (MethodSummary callee : context.dataPath().targets(argument.call())) {
            TypeParameterHashOrder order =
                hashOrder(
                    context, callee, argument.typeParameter(), argument.ofClass(), new HashSet<>());
            if (order != null) {
              findings.report(
                  rule(),
                  argument.call().site(),
                  message(scope, method, argument, callee, order),
                  scope.id());
            }
          }
        }
      }
    }
  }

  /**
   * A hash set or map keyed by {@code method}'s type parameter {@code typeParameter} (its class's,
   * {@code ofClass}) that it iterates, itself or through the generic methods it gives a parameter
   * of its own to, or, for its class's, the methods it calls on its own object; null when none.
   */
  private static TypeParameterHashOrder hashOrder(
      RuleContext context,
      MethodSummary method,
      int typeParameter,
      boolean ofClass,
      Set<String> visited) {
    if (!visited.add(method.id() + (ofClass ? "<class " : "<") + typeParameter + ">")) {
      return null;
    }
    for (TypeParameterHashOrder order : method.typeParameterHashOrders()) {
      if (order.typeParameter() == typeParameter && order.ofClass() == ofClass) {
        return order;
      }
    }
    if (!ofClass) {
      for (TypeParameterPass pass : method.typeParameterPasses()) {
        if (pass.typeParameter() == typeParameter) {
          for (MethodSummary callee : context.dataPath().targets(pass.call())) {
            TypeParameterHashOrder order =
                hashOrder(context, callee, pass.calleeTypeParameter(), false, visited);
            if (order != null) {
              return order;
            }
          }
        }
      }
      return null;
    }
    for (Call call : method.calls()) {
      if (call.receiver() == Call.CALLER_RECEIVER
          && call.callee() != null
          && JavaNames.enclosingType(call.callee()).equals(method.owner())) {
        for (MethodSummary callee : context.dataPath().targets(call)) {
          TypeParameterHashOrder order = hashOrder(context, callee, typeParameter, true, visited);
          if (order != null) {
            return order;
          }
        }
      }
    }
    return null;
  }

  private static String message(
      ClosureScope scope,
      MethodSummary method,
      IdentityTypeArgument argument,
      MethodSummary callee,
      TypeParameterHashOrder order) {
    String typeParameter =
        (argument.ofClass()
                ? callee.owner().getTypeParameters()
                : callee.element().getTypeParameters())
            .get(argument.typeParameter())
            .getSimpleName()
            .toString();
    SourcePosition at = order.site().position();
    String where = at.file().isEmpty() ? "" : " at " + RuleContext.fileAndLine(at);
    return RuleContext.closureName(scope, method.id())
        + " calls `"
        + callee.id()
        + "` with "
        + typeParameter
        + " = `"
        + argument.type()
        + "`, whose objects hash by identity, and it depends on identity-hash order of "
        + typeParameter
        + " (`"
        + order.target()
        + "`"
        + where
        + ")"
        + RuleContext.via(scope, method.id())
        + WHY;
  }
}
