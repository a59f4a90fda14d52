package dev.orthrus.benchmarks;

import dev.orthrus.runtime.cpu.Pinning;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * How long one cache line takes to travel between two CPUs of this machine: two threads, pinned to
 * the two CPUs, hand one counter back and forth, and half a round trip is the one-way time (the
 * median over short batches). Every logged execution hands its log to a validator on the other CPU,
 * so its lines make this trip at least once, and the application pays for it again when it reuses a
 * log the validator read; the figure says how much of the logging cost and of the validation delay
 * the machine's topology sets. It is a property of the machine, not of Orthrus: it is shortest
 * between two threads of one core and longest between CPUs on different chips or dies, which a
 * virtual machine may be given without saying so. A virtual machine's CPUs may also move between
 * the host's cores while it runs, so the figure holds for the moment it was taken.
 */
public final class CrossCpuLatency {

  /**
   * Round trips per batch: short batches (well under a millisecond), so that most of them run
   * without either thread losing its CPU to another process.
   */
  static final int ROUND_TRIPS = 1_000;

  static final int BATCHES = 101;

  /** A batch that has not finished by then (the other thread is not running) ends the probe. */
  private static final long BATCH_TIMEOUT_NANOS = 2_000_000_000L;

  private static final VarHandle TURN;

  static {
    try {
      TURN = MethodHandles.lookup().findVarHandle(Line.class, "turn", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** The counter the two threads hand back and forth, alone on its cache line. */
  @SuppressWarnings("unused") // padding
  private static final class Line {
    long p1, p2, p3, p4, p5, p6, p7;
    volatile long turn;
    long q1, q2, q3, q4, q5, q6, q7;
  }

  private CrossCpuLatency() {}

  /**
   * The one-way time in nanoseconds between {@code from} and {@code to}, or NaN when the machine
   * has fewer than two CPUs, a CPU number is out of range, pinning is not available here, or a
   * thread did not run (it would then measure the scheduler, not the caches). Both ends run on
   * threads of their own, so the caller's CPU affinity is left as it was.
   */
  public static double oneWayNanos(int from, int to) {
    if (from == to
        || from < 0
        || to < 0
        || Math.max(from, to) >= Pinning.cpus()
        || !Pinning.supported()) {
      return Double.NaN;
    }
    Line line = new Line();
    // Whether each end was pinned and, for the measuring end, finished every batch.
    boolean[] ok = new boolean[2];
    double[] batches = new double[BATCHES];
    Thread echo = new Thread(() -> ok[1] = Pinning.pin(to) && echo(line), "orthrus-probe-echo");
    Thread measure =
        new Thread(
            () -> ok[0] = Pinning.pin(from) && measure(line, batches), "orthrus-probe-measure");
    echo.setDaemon(true);
    measure.setDaemon(true);
    echo.start();
    measure.start();
    try {
      measure.join();
      TURN.setRelease(line, -1L);
      echo.join();
    } catch (InterruptedException e) {
      TURN.setRelease(line, -1L);
      Thread.currentThread().interrupt();
      return Double.NaN;
    }
    if (!ok[0] || !ok[1]) {
      return Double.NaN;
    }
    // The median: the few batches during which a thread lost its CPU to another process do not
    // move it.
    Arrays.sort(batches);
    return batches[BATCHES / 2];
  }

  /** Odd turns are the measuring thread's, even ones the echo; -1 ends the echo. */
  private static boolean echo(Line line) {
    for (long t = 1; ; t += 2) {
      long seen;
      while ((seen = (long) TURN.getAcquire(line)) < t) {
        if (seen < 0) {
          return true;
        }
        Thread.onSpinWait();
      }
      TURN.setRelease(line, t + 1);
    }
  }

  /** Fills {@code batches} with one-way nanoseconds; false when the echo stopped answering. */
  private static boolean measure(Line line, double[] batches) {
    long turn = 0;
    for (int b = 0; b < batches.length; b++) {
      long start = System.nanoTime();
      for (int i = 0; i < ROUND_TRIPS; i++) {
        TURN.setRelease(line, ++turn);
        long answer = ++turn;
        while ((long) TURN.getAcquire(line) != answer) {
          if (System.nanoTime() - start > BATCH_TIMEOUT_NANOS) {
            return false;
          }
          Thread.onSpinWait();
        }
      }
      batches[b] = (System.nanoTime() - start) / (2.0 * ROUND_TRIPS);
    }
    return true;
  }
}
