package dev.orthrus.benchmarks.kvcache;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The warm-up before a measured run: load for at least the minimum, then in one-second slices until
 * the JIT compilers of the server and of the load generator's JVM are quiet (below {@link
 * #QUIET_SHARE} of one CPU over {@link #QUIET_SLICES} slices in a row) or the maximum is reached. A
 * fixed warm-up favours the build with less code: the protected build holds three variants of every
 * closure, and its logged and validator variants run at a sampled rate, so they reach the compile
 * thresholds later; with a 3-second warm-up its compilers still took about a quarter of the
 * server's CPU in the measured phase (decision 0037).
 */
final class WarmUp {

  /** A slice's compile time below this share of the slice counts as quiet. */
  static final double QUIET_SHARE = 0.05;

  static final long SLICE_MILLIS = 1000;

  /**
   * Quiet slices in a row that end the warm-up. One was not enough: the protected server's
   * compilers pause between bursts (its validator reaches new code in waves), and a single quiet
   * slice followed by 0.3-0.4 s of compilation a second left that compilation in the measured
   * phase.
   */
  static final int QUIET_SLICES = 2;

  private WarmUp() {}

  /** Load for a while: {@code nanos -> generator.run(nanos, 0)}. */
  @FunctionalInterface
  interface Load {
    void run(long nanos) throws IOException;
  }

  /**
   * Runs the warm-up; returns its length in milliseconds. {@code compilerNanos} reads the server's
   * compile time so far (CPU or elapsed); null when the server has no JIT (memcached): the minimum
   * only.
   */
  static long run(Load load, long minMillis, long maxMillis, LongSupplier compilerNanos)
      throws IOException {
    load.run(minMillis * 1_000_000);
    long spent = minMillis;
    if (compilerNanos == null) {
      return spent;
    }
    int quiet = 0;
    while (spent < maxMillis) {
      long before = compilerNanos.getAsLong();
      load.run(SLICE_MILLIS * 1_000_000);
      spent += SLICE_MILLIS;
      if (compilerNanos.getAsLong() - before > QUIET_SHARE * SLICE_MILLIS * 1_000_000) {
        quiet = 0;
      } else if (++quiet == QUIET_SLICES) {
        break;
      }
    }
    return spent;
  }

  /**
   * CPU time of the compiler threads of JVM processes so far, read from /proc ({@code C1
   * CompilerThre}, {@code C2 CompilerThre}: HotSpot's thread names, cut to 15 characters by the
   * kernel). HotSpot starts compiler threads when its queues fill and stops idle ones; a thread
   * that exited keeps counting with the time it had at the last reading, so that a stopped thread
   * cannot make a busy slice look quiet (its whole time vanishing from a sum of live threads did,
   * and ended warm-ups with the compilers still busy).
   */
  /** Whether a thread of {@code /proc} is one of HotSpot's JIT compiler threads. */
  static boolean isCompiler(String threadName) {
    return threadName.contains("CompilerThre");
  }

  static LongSupplier compilerThreadsOf(long... pids) {
    Map<String, Long> lastSeen = new HashMap<>();
    return () -> {
      for (long pid : pids) {
        for (Map.Entry<Long, String> t : ProcFs.threads(pid).entrySet()) {
          if (isCompiler(t.getValue())) {
            lastSeen.merge(
                pid + "/" + t.getKey(), ProcFs.threadCpuNanos(pid, t.getKey()), Math::max);
          }
        }
      }
      long total = 0;
      for (long nanos : lastSeen.values()) {
        total += nanos;
      }
      return total;
    };
  }
}
