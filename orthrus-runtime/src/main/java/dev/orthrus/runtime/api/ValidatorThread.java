package dev.orthrus.runtime.api;

/**
 * The thread a validator runs on. Versioned memory's plain accessors refuse to run on one ({@link
 * UninstrumentedAccess}) except on the objects the current replay made itself: a validator
 * re-executes from the log and never reads or writes the application's live user data, so plain
 * code reached there is code the rewriter did not instrument. The objects a replay makes (the
 * constructors it runs, the arrays it creates) are told to its {@link Replay}, which pairs each
 * with the application's counterpart (decision 0046).
 */
public final class ValidatorThread extends Thread {

  /** The replay running on this thread; objects made here are reported to it. */
  private Replay replay;

  /**
   * @param stackBytes the thread's stack size, 0 for the JVM's default
   */
  public ValidatorThread(Runnable run, String name, long stackBytes) {
    super(null, run, name, stackBytes);
  }

  /** Whether the calling thread is a validator's. */
  static boolean isCurrent() {
    return Thread.currentThread() instanceof ValidatorThread;
  }

  /** {@link Replay#reset}: {@code replay} runs on the calling thread from now on. */
  static void replaying(Replay replay) {
    if (Thread.currentThread() instanceof ValidatorThread v) {
      v.replay = replay;
    }
  }

  /**
   * A versioned object or array was just made: on a validator's thread it is the current replay's
   * own, which it reports there. Returns whether it was made on a validator's thread.
   */
  static boolean made(Object object) {
    if (Thread.currentThread() instanceof ValidatorThread v) {
      if (v.replay != null) {
        v.replay.made(object);
      }
      return true;
    }
    return false;
  }

  /**
   * Throws {@link UninstrumentedAccess} when the calling thread is a validator's and {@code target}
   * is not an object its replay made.
   */
  static void refuse(String access, Object target) {
    // Inlined into every plain accessor: the thread test only, the rest out of line.
    if (Thread.currentThread() instanceof ValidatorThread v) {
      v.refuseUnlessMadeHere(access, target);
    }
  }

  private void refuseUnlessMadeHere(String access, Object target) {
    if (replay == null || !replay.madeHere(target)) {
      UninstrumentedAccess refused = new UninstrumentedAccess(access, target);
      if (replay != null) {
        replay.refused(refused); // kept even if the program catches it
      }
      throw refused;
    }
  }
}
