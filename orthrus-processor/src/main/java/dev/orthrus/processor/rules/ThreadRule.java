package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.summary.ApiUse;

/** A closure starts threads, submits to executors, uses parallel streams or async futures. */
public final class ThreadRule extends ApiUseRule {

  public ThreadRule() {
    super(Rule.THREAD);
  }

  @Override
  String describe(ApiUse use, String who) {
    return who
        + " runs work on another thread (`"
        + use.target()
        + "`, "
        + use.category().jsonName()
        + "); a closure must be single-threaded so its log captures every access: move the concurrency "
        + "to the control path and call a closure per task";
  }
}
