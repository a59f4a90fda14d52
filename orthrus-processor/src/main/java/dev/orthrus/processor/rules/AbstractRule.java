package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.datapath.ClosureScope;
import dev.orthrus.processor.summary.Site;
import java.util.List;

/** A check of one registry rule. */
abstract class AbstractRule implements RuleCheck {

  private final Rule rule;

  AbstractRule(Rule rule) {
    this.rule = rule;
  }

  @Override
  public final Rule rule() {
    return rule;
  }

  /**
   * Reports a finding of code checked everywhere: in every closure that reaches the method, or as a
   * control-path finding when none does.
   */
  final void reportWherever(
      RuleContext context, Findings findings, String methodId, Site site, String message) {
    List<ClosureScope> closures = context.dataPath().closuresReaching(methodId);
    if (closures.isEmpty()) {
      findings.report(rule, site, message, null);
    }
    for (ClosureScope scope : closures) {
      findings.report(rule, site, message, scope.id());
    }
  }
}
