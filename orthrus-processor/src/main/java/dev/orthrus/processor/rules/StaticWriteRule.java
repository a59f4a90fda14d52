package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.datapath.ClosureScope;
import dev.orthrus.processor.summary.FieldWrite;
import dev.orthrus.processor.summary.MethodSummary;
import dev.orthrus.processor.summary.Receiver;

/** A closure, or a method it calls in this compilation, writes a static field. */
public final class StaticWriteRule extends AbstractRule {

  public StaticWriteRule() {
    super(Rule.STATIC_WRITE);
  }

  @Override
  public void check(RuleContext context, Findings findings) {
    for (ClosureScope scope : context.dataPath().closures()) {
      for (MethodSummary method : scope.methods()) {
        for (FieldWrite write : method.fieldWrites()) {
          if (write.receiver() == Receiver.STATIC) {
            findings.report(
                rule(),
                write.site(),
                RuleContext.closureName(scope, method.id())
                    + " writes "
                    + write.describe("static ")
                    + RuleContext.via(scope, method.id())
                    + "; static state is neither versioned nor validated: keep it in a @UserData object",
                scope.id());
          }
        }
      }
    }
  }
}
