package dev.orthrus.processor.rules;

import dev.orthrus.model.Severity;
import dev.orthrus.processor.summary.ApiUse;

/** A closure starts threads, submits to executors, uses parallel streams or async futures. */
public final class ThreadRule extends ApiUseRule {

  public static final String KEY = "orthrus.closure.thread";

  public ThreadRule() {
    super(KEY, Severity.ERROR,
        "a closure starts threads, submits to executors, uses parallel streams or async CompletableFutures");
  }

  @Override
  boolean handles(ApiUse.Kind kind) {
    return kind == ApiUse.Kind.THREAD;
  }

  @Override
  String describe(ApiUse use, String who) {
    return who + " runs work on another thread (`" + use.target() + "`, " + use.category()
        + "); a closure must be single-threaded so its log captures every access: move the concurrency "
        + "to the control path and call a closure per task";
  }
}
