package dev.orthrus.processor.rules;

import dev.orthrus.model.Severity;
import dev.orthrus.processor.datapath.ClosureScope;
import dev.orthrus.processor.summary.ApiUse;
import dev.orthrus.processor.summary.MethodSummary;

/** Shared walk for rules that flag uses of one family of JDK facilities on the data path. */
abstract class ApiUseRule extends AbstractRule {

  ApiUseRule(String key, Severity severity, String summary) {
    super(key, severity, summary);
  }

  /** The families this rule reports. */
  abstract boolean handles(ApiUse.Kind kind);

  /** The severity of one use (most rules use {@link #severity()}). */
  Severity severityOf(ApiUse use) {
    return severity();
  }

  /** The message without the location suffix. */
  abstract String describe(ApiUse use, String who);

  @Override
  public void check(RuleContext context, Findings findings) {
    for (ClosureScope scope : context.dataPath().closures()) {
      for (MethodSummary method : scope.methods()) {
        for (ApiUse use : method.apiUses()) {
          if (handles(use.kind())) {
            String message = describe(use, RuleContext.closureName(scope, method.id()));
            int semicolon = message.indexOf(';');
            String via = RuleContext.via(scope, method.id());
            // The call chain goes right after the fact, before the explanation.
            message = semicolon < 0 ? message + via : message.substring(0, semicolon) + via + message.substring(semicolon);
            findings.report(key(), severityOf(use), use.site(), message, scope.id());
          }
        }
      }
    }
  }
}
