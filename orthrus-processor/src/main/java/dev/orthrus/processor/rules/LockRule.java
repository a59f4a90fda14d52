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
    if (queries(use.target())) {
      return who
          + " asks a lock about its state (`"
          + use.target()
          + "`); the application's answer is recorded and replayed to the validator";
    }
    return who
        + (releases(use.target()) ? " releases or signals a lock (`" : " takes a lock (`")
        + use.target()
        + "`); the validator replays the order the application "
        + "saw instead of locking, so the lock itself is not validated";
  }

  /** {@code isHeldByCurrentThread()}, {@code getHoldCount()}, {@code hasQueuedThreads()}, ... */
  private static boolean queries(String target) {
    String method = target.substring(target.indexOf('#') + 1);
    return method.startsWith("is")
        || method.startsWith("get")
        || method.startsWith("has")
        || method.startsWith("toString")
        || method.startsWith("availablePermits");
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
