package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.summary.ApiUse;

/** I/O in a closure: a side effect a validator would repeat, which belongs in the control path. */
public final class IoRule extends ApiUseRule {

  public IoRule() {
    super(Rule.IO);
  }

  @Override
  String describe(ApiUse use, String who) {
    return who
        + " does I/O (`"
        + use.target()
        + "`); a validator would repeat the side effect: "
        + "move it to the control path and pass the data in or out";
  }
}
