package dev.orthrus.benchmarks.kvcache;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Zipf-distributed key popularity: key {@code i} (0-based rank) is drawn with probability
 * proportional to {@code 1 / (i + 1)^exponent}. Drawn by binary search in the cumulative
 * distribution, computed once (8 bytes a key), so every draw costs the same whatever the exponent.
 */
public final class ZipfKeys {

  private final double[] cumulative;

  public ZipfKeys(int keys, double exponent) {
    if (keys < 1) {
      throw new IllegalArgumentException("keys must be at least 1, not " + keys);
    }
    if (!(exponent >= 0 && exponent < 10)) {
      throw new IllegalArgumentException("Zipf exponent must be within [0, 10), not " + exponent);
    }
    cumulative = new double[keys];
    double sum = 0;
    for (int i = 0; i < keys; i++) {
      sum += Math.pow(i + 1, -exponent);
      cumulative[i] = sum;
    }
    for (int i = 0; i < keys; i++) {
      cumulative[i] /= sum;
    }
    cumulative[keys - 1] = 1.0;
  }

  public int keys() {
    return cumulative.length;
  }

  /** The rank of the next key. */
  public int next(SplittableRandom random) {
    double u = random.nextDouble();
    int at = Arrays.binarySearch(cumulative, u);
    return at >= 0 ? at : Math.min(-at - 1, cumulative.length - 1);
  }

  /** The probability of the key of {@code rank}. */
  public double probability(int rank) {
    return rank == 0 ? cumulative[0] : cumulative[rank] - cumulative[rank - 1];
  }
}
