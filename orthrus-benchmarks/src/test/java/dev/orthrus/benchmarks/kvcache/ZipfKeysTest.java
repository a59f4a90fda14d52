package dev.orthrus.benchmarks.kvcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ZipfKeysTest {

  @Test
  void drawsFollowTheZipfLaw() {
    ZipfKeys zipf = new ZipfKeys(1000, 0.99);
    int[] counts = new int[1000];
    SplittableRandom random = new SplittableRandom(1);
    int n = 400_000;
    for (int i = 0; i < n; i++) {
      counts[zipf.next(random)]++;
    }
    // Rank 0 to rank 1 is 2^0.99 in expectation; observed shares match the law within 5%.
    for (int rank : new int[] {0, 1, 9, 99}) {
      double expected = zipf.probability(rank) * n;
      assertEquals(expected, counts[rank], expected * 0.05 + 30, "rank " + rank);
    }
    assertTrue(counts[0] > 1.9 * counts[1]);
  }

  @Test
  void exponentZeroIsUniformAndProbabilitiesSumToOne() {
    ZipfKeys uniform = new ZipfKeys(4, 0);
    double sum = 0;
    for (int rank = 0; rank < 4; rank++) {
      assertEquals(0.25, uniform.probability(rank), 1e-12);
      sum += uniform.probability(rank);
    }
    assertEquals(1.0, sum, 1e-12);
  }

  @Test
  void sameSeedSameKeys() {
    ZipfKeys zipf = new ZipfKeys(100, 1.2);
    SplittableRandom a = new SplittableRandom(9);
    SplittableRandom b = new SplittableRandom(9);
    for (int i = 0; i < 1000; i++) {
      assertEquals(zipf.next(a), zipf.next(b));
    }
  }

  @Test
  void refusesBadSettings() {
    assertThrows(IllegalArgumentException.class, () -> new ZipfKeys(0, 1));
    assertThrows(IllegalArgumentException.class, () -> new ZipfKeys(10, -0.5));
    assertThrows(IllegalArgumentException.class, () -> new ZipfKeys(10, Double.NaN));
  }
}
