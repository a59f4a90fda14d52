package dev.orthrus.runtime.cpu;

/**
 * Optional thread-to-CPU pinning. Pinning needs {@code net.openhft:affinity} and JNA at run time;
 * without them, or when the kernel refuses, {@link #pin} returns false and the thread simply stays
 * unpinned: validation still runs, the scheduler just decides where.
 *
 * <p>This pins with {@code sched_setaffinity} directly instead of the library's {@code
 * AffinityLock}: the lock reserves CPUs from a pool that excludes CPU 0, so on a 2-core machine
 * only one CPU is lockable and the application and its validator could not both be placed.
 *
 * <p>The CPU count is read once, when this class initializes. {@code availableProcessors()} answers
 * for the calling thread's affinity mask, so after the application pinned itself to CPU 0 it
 * answers 1 there and in every thread it starts afterwards (they inherit the mask): asked after
 * pinning, it would place a validator on the application's own CPU, or refuse to pin it (decision
 * 0006).
 */
public final class Pinning {

  private static final int CPUS = Runtime.getRuntime().availableProcessors();

  private Pinning() {}

  /** CPUs of the machine (of the process when this class initialized), not of this thread. */
  public static int cpus() {
    return CPUS;
  }

  /** Pins the calling thread to {@code cpu}; returns whether it took effect. */
  public static boolean pin(int cpu) {
    if (cpu < 0 || cpu >= cpus()) {
      return false;
    }
    return AffinitySupport.pin(cpu);
  }

  /**
   * Lets the calling thread run on every CPU again. A new thread inherits its creator's mask, so an
   * unpinned validator started by a pinned application thread calls this to avoid sharing the
   * application's CPU.
   */
  public static void unpin() {
    AffinitySupport.unpin(cpus());
  }

  public static boolean supported() {
    return AffinitySupport.available();
  }
}
