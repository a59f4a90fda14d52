package dev.orthrus.runtime.sample;

import dev.orthrus.runtime.ClosureBinding;
import dev.orthrus.runtime.log.AppThread;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The paper's resource-adaptive policy. Starts at 100%; the runtime lowers the rate in steps when
 * validation delay or pending-log memory passes its threshold and raises it when there is headroom.
 * Below 100% two kinds of executions are preferred:
 *
 * <ul>
 *   <li>closures tagged floating point or vector are drawn at twice the base rate, since errors
 *       concentrate in those units;
 *   <li>a (closure, caller) pair that has not been sampled for {@link #staleAfter} validations
 *       is sampled regardless of the draw, so rarely used code paths still get checked.
 * </ul>
 *
 * <p>"Recently" is measured in validations rather than time, which needs no clock read on the
 * hot path: a global counter of validations and, per pair, the counter's value when it was last
 * sampled. Pairs share slots of a small table by hash; a collision only makes a pair look
 * recently sampled.
 */
public final class AdaptiveSampling extends ThresholdSampling {

  private static final int PAIRS = 4096;

  private final long staleAfter;
  private final AtomicLongArray lastSampled = new AtomicLongArray(PAIRS);
  private volatile long validations;

  public AdaptiveSampling() {
    this(1.0, 10_000);
  }

  public AdaptiveSampling(double initialRate, long staleAfter) {
    super(initialRate, 1.0);
    if (staleAfter < 1) {
      throw new IllegalArgumentException("staleAfter must be positive");
    }
    this.staleAfter = staleAfter;
  }

  @Override
  public boolean sample(ClosureBinding closure, int callerId, AppThread thread) {
    int t = threshold();
    if (t >= FULL) {
      return true;
    }
    int r = draw(thread);
    if (closure.prioritized()) {
      r >>>= 1;
    }
    if (r < t) {
      return true;
    }
    int slot = slot(closure.key(), callerId);
    long now = validations;
    if (now - lastSampled.getPlain(slot) > staleAfter) {
      // Mark it at once, or every call until the validator catches up would be sampled too.
      lastSampled.setRelease(slot, now);
      return true;
    }
    return false;
  }

  @Override
  public void validated(ClosureBinding closure, int callerId) {
    // Racy increment by several validators: an approximate count is all "recently" needs.
    long n = validations + 1;
    validations = n;
    lastSampled.setRelease(slot(closure.key(), callerId), n);
  }

  private static int slot(int key, int callerId) {
    int h = key * 0x9E3779B1 ^ callerId * 0x85EBCA6B;
    return (h ^ (h >>> 16)) & (PAIRS - 1);
  }

  @Override
  public String name() {
    return "adaptive";
  }
}
