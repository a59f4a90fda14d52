package dev.orthrus.runtime.api;

/**
 * The thread a validator runs on. Versioned memory's plain accessors refuse to run on one ({@link
 * UninstrumentedAccess}): a validator re-executes from the log and never reads or writes the
 * application's live user data, so plain code reached there is code the rewriter did not
 * instrument.
 */
public final class ValidatorThread extends Thread {

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

  /** Throws {@link UninstrumentedAccess} when the calling thread is a validator's. */
  static void refuse(String access, Object target) {
    if (isCurrent()) {
      throw new UninstrumentedAccess(access, target);
    }
  }
}
