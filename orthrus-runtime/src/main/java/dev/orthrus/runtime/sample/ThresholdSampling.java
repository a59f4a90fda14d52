package dev.orthrus.runtime.sample;

import dev.orthrus.runtime.ClosureBinding;
import dev.orthrus.runtime.log.AppThread;

/**
 * Shared machinery of the sampling policies: a rate kept as a 16-bit threshold compared with a
 * per-thread random number, changed in steps by {@link #lower()} and {@link #raise()}. Lowering
 * halves the rate (down to 1/1024), raising doubles it, so the policy reacts quickly to overload
 * and probes back up.
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

  /** The random draw: 16 bits, uniformly distributed. */
  static int draw(AppThread thread) {
    return (int) (thread.nextRandom() >>> 48);
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
  public double rate() {
    return (double) threshold / FULL;
  }

  @Override
  public void validated(ClosureBinding closure, int callerId) {}
}
