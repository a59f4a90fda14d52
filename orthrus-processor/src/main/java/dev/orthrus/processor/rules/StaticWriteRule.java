package dev.orthrus.processor.rules;

import dev.orthrus.model.Severity;
import dev.orthrus.processor.datapath.ClosureScope;
import dev.orthrus.processor.summary.FieldWrite;
import dev.orthrus.processor.summary.MethodSummary;
import dev.orthrus.processor.summary.Receiver;

/** A closure, or a method it calls in this compilation, writes a static field. */
public final class StaticWriteRule implements Rule {

  public static final String KEY = "orthrus.closure.static-write";

  @Override
  public String key() {
    return KEY;
  }

  @Override
  public Severity severity() {
    return Severity.ERROR;
  }

  @Override
  public String summary() {
    return "a closure, or a method it calls in the same compilation, writes a static field";
  }

  @Override
  public void check(RuleContext context, Findings findings) {
    for (ClosureScope scope : context.dataPath().closures()) {
      for (MethodSummary method : scope.methods()) {
        for (FieldWrite write : method.fieldWrites()) {
          if (write.receiver() == Receiver.STATIC) {
            findings.report(KEY, severity(), write.site(),
                RuleContext.closureName(scope, method.id()) + " writes static field `" + write.qualifiedField() + "`"
                    + RuleContext.via(scope, method.id())
                    + "; static state is neither versioned nor validated: keep it in a @UserData object",
                scope.id());
          }
        }
      }
    }
  }
}
