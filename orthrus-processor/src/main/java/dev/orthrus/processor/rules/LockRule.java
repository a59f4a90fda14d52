package dev.orthrus.processor.rules;

import dev.orthrus.model.Severity;
import dev.orthrus.processor.summary.ApiUse;

/** {@code synchronized} and {@code java.util.concurrent.locks} inside a closure. */
public final class LockRule extends ApiUseRule {

  public static final String KEY = "orthrus.closure.lock";

  public LockRule() {
    super(KEY, Severity.NOTE,
        "synchronized blocks or java.util.concurrent.locks in a closure are replayed, not validated");
  }

  @Override
  boolean handles(ApiUse.Kind kind) {
    return kind == ApiUse.Kind.LOCK;
  }

  @Override
  String describe(ApiUse use, String who) {
    return who + " takes a lock (`" + use.target() + "`); the validator replays the order the application "
        + "saw instead of locking, so the lock itself is not validated";
  }
}
