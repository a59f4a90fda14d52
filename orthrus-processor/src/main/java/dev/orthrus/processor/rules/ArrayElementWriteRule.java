package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.summary.ArrayElementWrite;
import dev.orthrus.processor.summary.MethodSummary;

/**
 * A store into an element of a primitive array held in a user-data field. Versions are immutable,
 * and a primitive array is part of its owner's version: the closure must assign a new array.
 * Checked everywhere, closures and control path alike.
 */
public final class ArrayElementWriteRule extends AbstractRule {

  public ArrayElementWriteRule() {
    super(Rule.ARRAY_ELEMENT_WRITE);
  }

  @Override
  public void check(RuleContext context, Findings findings) {
    for (MethodSummary method : context.dataPath().methods()) {
      for (ArrayElementWrite write : method.arrayElementWrites()) {
        String message =
            "`"
                + method.id()
                + "` stores into an element of `"
                + write.owner()
                + "."
                + write.field()
                + "`, a primitive array held by user data; versions are immutable, so assign a new array instead "
                + "(e.g. copy, change the copy, then `"
                + write.field()
                + " = copy`)";
        reportWherever(context, findings, method.id(), write.site(), message);
      }
    }
  }
}
