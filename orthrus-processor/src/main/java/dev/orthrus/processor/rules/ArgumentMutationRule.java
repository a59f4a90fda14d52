package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.datapath.ClosureScope;
import dev.orthrus.processor.summary.ParameterMutation;

/**
 * A closure that changes a mutable JDK object its caller passed in. The log keeps such an argument
 * by reference with a fingerprint of its contents (decision 0015); the closure's own change alters
 * the fingerprint, so the validator cannot re-execute from what the caller passed, and the
 * execution is counted as not validated. The build says so instead of the run.
 */
public final class ArgumentMutationRule extends AbstractRule {

  public ArgumentMutationRule() {
    super(Rule.ARGUMENT_MUTATION);
  }

  @Override
  public void check(RuleContext context, Findings findings) {
    for (ClosureScope scope : context.dataPath().closures()) {
      for (ParameterMutation m : scope.closure().parameterMutations()) {
        findings.report(
            rule(),
            m.site(),
            "closure `"
                + scope.id()
                + "` calls `"
                + m.what()
                + "` on its argument `"
                + m.parameter()
                + "`, which changes an object the caller owns; the validator cannot re-execute"
                + " from what the caller passed, so an execution that changed it is not validated:"
                + " return the result instead, or pass an immutable value",
            scope.id());
      }
    }
  }
}
