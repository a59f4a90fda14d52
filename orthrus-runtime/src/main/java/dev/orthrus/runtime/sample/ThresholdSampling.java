package dev.orthrus.runtime.sample;

import dev.orthrus.runtime.api.ClosureBinding;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Shared machinery of the sampling policies: a rate kept as a 16-bit threshold, changed in steps by
 * {@link #lower()} and {@link #raise()} (halve, down to 1/1024, and double) or by {@link #adjust}
 * (any factor, for the controller's small steps).
 *
 * <p>Below 100% executions are chosen by geometric gaps instead of a coin flip each: every thread
 * counts down the executions left until its next sampled one and draws a new gap (mean 1/rate) only
 * when it reaches zero. The executions chosen form the same Bernoulli process, but one that is not
 * sampled costs a decrement. The counters live in a padded array indexed by thread id, so that the
 * draw needs neither the runtime's per-thread state (a lookup) nor a random number per execution,
 * either of which costs more than the decrement (decision 0005). Threads whose ids collide modulo
 * {@link #SLOTS} share a counter, which only shares their gaps. A prioritized closure (floating
 * point, vector) counts down by two, so it is chosen twice as often.
 */
abstract class ThresholdSampling implements SamplingPolicy {

  static final int FULL = 1 << 16;
  static final int MIN = FULL >>> 10;

  private final int maxThreshold;
  private volatile int threshold;

  ThresholdSampling(double initialRate, double maxRate) {
    if (!(initialRate >= 0 && initialRate <= 1) || !(maxRate > 0 && maxRate <= 1)) {
      throw new IllegalArgumentException("sampling rates must be within [0, 1]");
    }
    this.maxThreshold = (int) Math.round(maxRate * FULL);
    this.threshold = Math.min(maxThreshold, (int) Math.round(initialRate * FULL));
  }

  final int threshold() {
    return threshold;
  }

  /** Counter slots (thread id modulo this), each on its own pair of cache lines. */
  static final int SLOTS = 256;

  private static final int STRIDE = 16;

  private final long[] countdowns = new long[(SLOTS + 2) * STRIDE];

  /** The calling thread's counter index. */
  static int slotOfCurrentThread() {
    return (((int) Thread.currentThread().getId() & (SLOTS - 1)) + 1) * STRIDE;
  }

  /**
   * Counts one execution of {@code weight} (see {@code ClosureBinding.weight()}) down on the
   * calling thread's counter; returns the executions left (above 0: not sampled), or 0 when this
   * one is sampled, after drawing the next gap at the current threshold. The threshold is read only
   * then: at 100% every gap is 1, and a rate change takes effect at each thread's next sampled
   * execution.
   */
  final long countDown(long weight) {
    int i = slotOfCurrentThread();
    long left = countdowns[i] - weight;
    if (left > 0) {
      countdowns[i] = left;
      return left;
    }
    countdowns[i] = gap(threshold);
    return 0;
  }

  /** A geometric gap with mean FULL / t: executions until the next sampled one, at least 1. */
  static long gap(int t) {
    if (t >= FULL) {
      return 1;
    }
    double p = (double) Math.max(1, t) / FULL;
    // Uniform in (0, 1], never 0, so the logarithm is finite.
    double u = 1.0 - ThreadLocalRandom.current().nextDouble();
    double g = Math.floor(Math.log(u) / Math.log1p(-p)) + 1;
    return g >= 1L << 40 ? 1L << 40 : (long) g;
  }

  @Override
  public void lower() {
    threshold = Math.max(MIN, threshold >>> 1);
  }

  @Override
  public void raise() {
    threshold = Math.min(maxThreshold, Math.max(MIN, threshold << 1));
  }

  @Override
  public void adjust(double factor) {
    if (!(factor > 0) || Double.isInfinite(factor)) {
      throw new IllegalArgumentException("bad rate factor: " + factor);
    }
    long next = Math.round(threshold * factor);
    if (factor > 1.0 && next == threshold) {
      next++;
    }
    threshold = (int) Math.max(MIN, Math.min(maxThreshold, next));
  }

  @Override
  public double rate() {
    return (double) threshold / FULL;
  }

  @Override
  public void validated(ClosureBinding closure, int callerId) {}
}
