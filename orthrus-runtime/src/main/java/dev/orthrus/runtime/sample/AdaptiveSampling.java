package dev.orthrus.runtime.sample;

import dev.orthrus.runtime.api.ClosureBinding;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The paper's resource-adaptive policy. Starts at 100%; the runtime lowers the rate in steps when
 * validation delay or pending-log memory passes its threshold and raises it when there is headroom.
 * Below 100% two kinds of executions are preferred:
 *
 * <ul>
 *   <li>closures tagged floating point or vector are chosen at twice the base rate, since errors
 *       concentrate in those units;
 *   <li>a (closure, caller) pair that has not been validated recently is sampled regardless of the
 *       draw, so rarely used code paths still get checked.
 * </ul>
 *
 * <p>"Recently" is measured in validations rather than time, which needs no clock read on the hot
 * path: a global counter of validations and, per pair, the counter's value when it was last
 * sampled. By default a pair is stale after {@value #STALE_ROUNDS} validations per pair validated
 * so far (at least {@value #MIN_STALE_AFTER}): if every pair took its turn, each would be validated
 * every "pairs" validations, so a pair waits at most {@value #STALE_ROUNDS} such rounds, and the
 * executions taken for staleness are at most one validation in {@value #STALE_ROUNDS}, whatever the
 * validation rate (decision 0041). Pairs share slots of a small table by hash; a collision only
 * makes a pair look recently sampled.
 *
 * <p>The application reads the counter and the pair table on every execution that is not sampled,
 * so validators publish both in coarse steps ({@link #EPOCH} validations): the cache lines the
 * application reads change rarely instead of on every validation.
 */
public final class AdaptiveSampling extends ThresholdSampling {

  private static final int PAIRS = 4096;
  static final long EPOCH = 64;

  /** One unsampled execution in this many looks up its pair's staleness. */
  static final int STALE_CHECK_EVERY = 8;

  /** Rounds of validations over every pair seen after which a pair not validated is stale. */
  static final int STALE_ROUNDS = 16;

  /** The least number of validations after which a pair is stale. */
  static final long MIN_STALE_AFTER = 2 * EPOCH;

  /** Index of the exact count in {@link #counts}, with a cache line of padding either side. */
  private static final int COUNT = 16;

  /** Whether {@link #staleAfter} follows the pairs validated; else it stays as configured. */
  private final boolean scaled;

  private volatile long staleAfter;
  private final AtomicLongArray lastSampled = new AtomicLongArray(PAIRS);

  /** Validators only: the table's slots a validated pair has taken, and how many. */
  private final boolean[] seen = new boolean[PAIRS];

  private int pairs;

  /** Validators only: the exact count of validations. */
  private final AtomicLongArray counts = new AtomicLongArray(2 * COUNT + 1);

  /** The count rounded down to {@link #EPOCH}, read by application threads. */
  private volatile long validations;

  /** From 100%, a pair stale after {@value #STALE_ROUNDS} rounds of the pairs validated. */
  public AdaptiveSampling() {
    this(1.0, 0);
  }

  /**
   * @param staleAfter validations after which a pair not validated is stale, or 0 for {@value
   *     #STALE_ROUNDS} rounds of the pairs validated so far
   */
  public AdaptiveSampling(double initialRate, long staleAfter) {
    super(initialRate, 1.0);
    if (staleAfter < 0) {
      throw new IllegalArgumentException("staleAfter must not be negative: " + staleAfter);
    }
    this.scaled = staleAfter == 0;
    this.staleAfter = scaled ? MIN_STALE_AFTER : staleAfter;
  }

  @Override
  public boolean sample(ClosureBinding closure, int callerId) {
    long left = countDown(closure.weight());
    if (left == 0) {
      return true;
    }
    // Staleness is looked up on one unsampled execution in STALE_CHECK_EVERY only, keeping the
    // common path to a decrement; a rarely used pair is still caught within about 8 of its
    // calls. Bits 1-3 rather than 0-2: a prioritized closure only sees every other value.
    if ((left & ((STALE_CHECK_EVERY - 1) << 1)) != 0) {
      return false;
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
    long n = counts.getPlain(COUNT) + 1;
    counts.setPlain(COUNT, n);
    long epoch = n - n % EPOCH;
    if (epoch != validations) {
      validations = epoch;
    }
    int slot = slot(closure.key(), callerId);
    if (lastSampled.getPlain(slot) < epoch) {
      lastSampled.setRelease(slot, epoch);
    }
    if (!seen[slot]) {
      seen[slot] = true;
      pairs++;
      if (scaled) {
        staleAfter = Math.max(MIN_STALE_AFTER, (long) STALE_ROUNDS * pairs);
      }
    }
  }

  /** Validations after which a pair not validated is sampled regardless of the draw. */
  long staleAfter() {
    return staleAfter;
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
