package golden.fp;

import dev.orthrus.annotations.Closure;

/**
 * The source that {@code orthrus-testkit}'s hand-written {@code FpAccumulator} is the protected
 * form of: batches folded into a running sum and sum of squares.
 */
public final class FpAccumulator {

  private final Stats stats = new Stats();

  /** Adds a batch; the mean over everything added so far. */
  @Closure
  public double add(double[] batch) {
    double sum = stats.sum;
    double sq = stats.sumOfSquares;
    for (double x : batch) {
      sum += x;
      sq += x * x;
    }
    long n = stats.count + batch.length;
    stats.sum = sum;
    stats.sumOfSquares = sq;
    stats.count = n;
    return n == 0 ? 0 : sum / n;
  }

  /** How many samples were added, read in the control path. */
  public long count() {
    return stats.count;
  }
}
