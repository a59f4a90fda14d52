package dev.orthrus.runtime;

/**
 * Validation delay (queue wait plus re-execution) of one closure: the mean of the last eight logs
 * and a running average over all of them. Updated by validators under the object's monitor, which
 * is off the application's path; read racily by the sampling controller, where a stale value only
 * delays a decision by one log.
 */
public final class DelayStats {

  public static final int WINDOW = 8;

  private final long[] recent = new long[WINDOW];
  private int next;
  private long count;
  private volatile double runningAverageNanos;
  private volatile double recentMeanNanos;

  public synchronized void record(long delayNanos) {
    recent[next] = delayNanos;
    next = (next + 1) % WINDOW;
    count++;
    long sum = 0;
    int n = (int) Math.min(count, WINDOW);
    for (int i = 0; i < n; i++) {
      sum += recent[i];
    }
    recentMeanNanos = (double) sum / n;
    // Exponential average with a long memory (about 1000 logs): "normal" delay of this closure.
    double alpha = count < 1000 ? 1.0 / count : 0.001;
    runningAverageNanos += alpha * (delayNanos - runningAverageNanos);
  }

  public long count() {
    synchronized (this) {
      return count;
    }
  }

  public double recentMeanNanos() {
    return recentMeanNanos;
  }

  public double runningAverageNanos() {
    return runningAverageNanos;
  }

  /** True when the last eight logs took more than {@code factor} times the running average. */
  public boolean over(double factor) {
    synchronized (this) {
      return count >= WINDOW && recentMeanNanos > factor * runningAverageNanos;
    }
  }
}
