package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.summary.ApiUse;

/** {@code synchronized}, {@code java.util.concurrent.locks} and monitors inside a closure. */
public final class LockRule extends ApiUseRule {

  public LockRule() {
    super(Rule.LOCK);
  }

  @Override
  String describe(ApiUse use, String who) {
    return who
        + (releases(use.target()) ? " releases or signals a lock (`" : " takes a lock (`")
        + use.target()
        + "`); the validator replays the order the application "
        + "saw instead of locking, so the lock itself is not validated";
  }

  /** {@code Lock#unlock()}, {@code Condition#signalAll()}, {@code Object#notify()}, ... */
  private static boolean releases(String target) {
    String method = target.substring(target.indexOf('#') + 1);
    return method.startsWith("unlock")
        || method.startsWith("signal")
        || method.startsWith("notify")
        || method.startsWith("release");
  }
}
