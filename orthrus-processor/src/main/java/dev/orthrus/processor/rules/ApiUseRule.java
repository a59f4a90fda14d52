package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.datapath.ClosureScope;
import dev.orthrus.processor.summary.ApiUse;
import dev.orthrus.processor.summary.MethodSummary;

/**
 * Shared walk for rules that flag uses of JDK facilities on the data path: each reports the uses
 * whose category the JDK table files under its rule.
 */
abstract class ApiUseRule extends AbstractRule {

  ApiUseRule(Rule rule) {
    super(rule);
  }

  /** The message without the location suffix. */
  abstract String describe(ApiUse use, String who);

  @Override
  public void check(RuleContext context, Findings findings) {
    for (ClosureScope scope : context.dataPath().closures()) {
      for (MethodSummary method : scope.methods()) {
        for (ApiUse use : method.apiUses()) {
          if (use.category().rule() == rule()) {
            String message = describe(use, RuleContext.closureName(scope, method.id()));
            int semicolon = message.indexOf(';');
            String via = RuleContext.via(scope, method.id());
            // The call chain goes right after the fact, before the explanation.
            message =
                semicolon < 0
                    ? message + via
                    : message.substring(0, semicolon) + via + message.substring(semicolon);
            findings.report(rule(), use.site(), message, scope.id());
          }
        }
      }
    }
  }
}
