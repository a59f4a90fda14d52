package dev.orthrus.runtime.validate;

import dev.orthrus.runtime.api.AppThread;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * An emulated scarce validation budget (decision 0039): validators may spend at most {@link
 * #ratio()} times the CPU time the application threads have used so far. A validator over it does
 * no work, so logs wait in the queues, the rings fill, executions are skipped and the sampling
 * controller lowers the rate, as with too few real validation cores; this is how "one validation
 * core for four application cores" is measured on a machine that has two cores in all.
 *
 * <p>Both sides are thread CPU clocks, so time a thread waited for a CPU counts on neither side. A
 * validator's time counts only while it validates (from the start of a {@link Validator#doWork}
 * that found logs to its end), not while it polls empty queues or parks; its first validations load
 * and link the closures' VAL code, which it pays for as a real validation core would. A validator
 * looks at the budget before each batch (up to 32 logs), so each may pass it by one batch. The
 * application side is the whole CPU time of the registered {@link AppThread}s (the threads that ran
 * a closure), their own start-up included, as their clocks count it: a validator cannot read a
 * thread's clock at its first closure call without a read on the application's path, and a first
 * read by a validator comes whenever the validator gets to it. The clocks are read by a validator
 * at most every {@link #REFRESH_NANOS}; an ended thread keeps the last time read.
 */
public final class ValidationBudget {

  /** How often the application threads' clocks are read. */
  static final long REFRESH_NANOS = 1_000_000;

  private static final ThreadMXBean CLOCKS = ManagementFactory.getThreadMXBean();

  private final double ratio;
  private final Supplier<AppThread[]> appThreads;
  private final LongAdder validatingNanos = new LongAdder();

  // Guarded by this: the last clock read of each live application thread, by thread id, and the
  // total of threads that ended.
  private Map<Long, Long> live = new HashMap<>();
  private long endedNanos;

  private volatile long applicationNanos;
  private volatile long lastRefresh = System.nanoTime() - REFRESH_NANOS;

  /**
   * @param ratio validator CPU time allowed per application CPU time, above 0
   * @throws IllegalArgumentException when the ratio is not a positive number or this JVM cannot
   *     read thread CPU clocks
   */
  public ValidationBudget(double ratio, Supplier<AppThread[]> appThreads) {
    checkRatio(ratio);
    this.ratio = ratio;
    this.appThreads = appThreads;
    CLOCKS.setThreadCpuTimeEnabled(true);
  }

  /** Refuses what {@link #ValidationBudget} would refuse, for configuration checks. */
  public static void checkRatio(double ratio) {
    if (!(ratio > 0) || Double.isInfinite(ratio)) {
      throw new IllegalArgumentException("validation budget must be a number above 0: " + ratio);
    }
    if (!CLOCKS.isThreadCpuTimeSupported()) {
      throw new IllegalArgumentException("this JVM cannot read thread CPU clocks");
    }
  }

  public double ratio() {
    return ratio;
  }

  /** CPU time validators spent validating so far. */
  public long validatingNanos() {
    return validatingNanos.sum();
  }

  /** CPU time of the application threads at the latest read of their clocks. */
  public long applicationNanos() {
    return applicationNanos;
  }

  /** Whether validators used up the budget; reads the application's clocks when they are due. */
  boolean exhausted() {
    if (System.nanoTime() - lastRefresh >= REFRESH_NANOS) {
      refresh();
    }
    return validatingNanos.sum() >= ratio * applicationNanos;
  }

  /** The calling validator's CPU clock. */
  static long cpuNow() {
    return CLOCKS.getCurrentThreadCpuTime();
  }

  /** A validator spent {@code nanos} of CPU validating. */
  void charge(long nanos) {
    if (nanos > 0) {
      validatingNanos.add(nanos);
    }
  }

  /** Reads the application threads' clocks now (also for a final figure at exit). */
  public synchronized void refresh() {
    lastRefresh = System.nanoTime();
    Map<Long, Long> read = new HashMap<>();
    long total = 0;
    for (AppThread t : appThreads.get()) {
      long id = t.thread().getId();
      long nanos = CLOCKS.getThreadCpuTime(id);
      if (nanos >= 0) {
        read.put(id, nanos);
        total += nanos;
      }
    }
    // A thread read before and not now has ended (or was retired once it had): keep what was read
    // last.
    for (Map.Entry<Long, Long> e : live.entrySet()) {
      if (!read.containsKey(e.getKey())) {
        endedNanos += e.getValue();
      }
    }
    live = read;
    applicationNanos = endedNanos + total;
  }

  /** {@code validation budget 0.25 (emulated): 12.0 ms validating for 50.1 ms of application}. */
  @Override
  public String toString() {
    return String.format(
        java.util.Locale.ROOT,
        "validation budget %s (emulated): validators used %.1f ms of CPU validating for %.1f ms"
            + " of the application threads' CPU",
        ratio,
        validatingNanos() / 1e6,
        applicationNanos / 1e6);
  }
}
