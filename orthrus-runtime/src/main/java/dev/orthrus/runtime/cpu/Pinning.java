package dev.orthrus.runtime.cpu;

/**
 * Optional thread-to-CPU pinning. Pinning needs {@code net.openhft:affinity} and JNA at run time;
 * without them, or when the kernel refuses, {@link #pin} returns false and the thread simply stays
 * unpinned: validation still runs, the scheduler just decides where.
 *
 * <p>This pins with {@code sched_setaffinity} directly instead of the library's {@code
 * AffinityLock}: the lock reserves CPUs from a pool that excludes CPU 0, so on a 2-core machine
 * only one CPU is lockable and the application and its validator could not both be placed.
 */
public final class Pinning {

  private Pinning() {}

  public static int cpus() {
    return Runtime.getRuntime().availableProcessors();
  }

  /** Pins the calling thread to {@code cpu}; returns whether it took effect. */
  public static boolean pin(int cpu) {
    if (cpu < 0 || cpu >= cpus()) {
      return false;
    }
    return AffinitySupport.pin(cpu);
  }

  /** Undoes {@link #pin} for the calling thread. */
  public static void unpin() {
    AffinitySupport.unpin(cpus());
  }

  public static boolean supported() {
    return AffinitySupport.available();
  }
}
