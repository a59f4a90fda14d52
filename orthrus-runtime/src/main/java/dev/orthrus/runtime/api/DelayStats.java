package dev.orthrus.runtime.api;

/**
 * Validation delay (queue wait plus re-execution) of one closure: the mean of the last eight logs
 * and a running average over all of them. Updated by validators without a lock: with several
 * validators an update can occasionally be lost or mixed, which only blurs a statistic; read racily
 * by the sampling controller, where a stale value only delays a decision by one log.
 */
public final class DelayStats extends DelayStatsPadding {

  public static final int WINDOW = 8;

  private final long[] recent = new long[WINDOW];
  private int next;
  private volatile long count;
  private volatile double runningAverageNanos;
  private volatile double recentMeanNanos;

  public void record(long delayNanos) {
    int at = next;
    recent[at & (WINDOW - 1)] = delayNanos;
    next = (at + 1) & (WINDOW - 1);
    long c = ++count;
    long sum = 0;
    int n = (int) Math.min(c, WINDOW);
    for (int i = 0; i < n; i++) {
      sum += recent[i];
    }
    recentMeanNanos = (double) sum / n;
    // Exponential average with a long memory (about 1000 logs): "normal" delay of this closure.
    double alpha = c < 1000 ? 1.0 / c : 0.001;
    runningAverageNanos += alpha * (delayNanos - runningAverageNanos);
  }

  public long count() {
    return count;
  }

  public double recentMeanNanos() {
    return recentMeanNanos;
  }

  public double runningAverageNanos() {
    return runningAverageNanos;
  }

  /** True when the last eight logs took more than {@code factor} times the running average. */
  public boolean over(double factor) {
    return count >= WINDOW && recentMeanNanos > factor * runningAverageNanos;
  }
}

/**
 * Cache-line padding laid out before {@link DelayStats}'s fields (HotSpot places superclass fields
 * first). A DelayStats is allocated right after its {@link ClosureBinding}, which application
 * threads read on every execution while validators write the statistics; without the padding they
 * would share a cache line.
 */
abstract class DelayStatsPadding {
  long p01, p02, p03, p04, p05, p06, p07, p08;
}
