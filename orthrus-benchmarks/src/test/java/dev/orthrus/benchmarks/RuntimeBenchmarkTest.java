package dev.orthrus.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Runs the benchmark briefly to check that it measures; no throughput is asserted. */
class RuntimeBenchmarkTest {

  @ParameterizedTest
  @EnumSource(Code.class)
  void smallRunProducesSaneFigures(Code code) {
    RuntimeBenchmark.Result r =
        RuntimeBenchmark.run(
            new RuntimeBenchmark.Options(
                1, 50, 1000, 16, 90, false, RuntimeBenchmark.DEFAULT_BUDGET, code));
    assertEquals(code, r.code());
    assertTrue(r.protectedVsDisabled() > 0);
    assertTrue(r.disabledVsVanilla() > 0 && r.protectedVsVanilla() > 0);
    assertTrue(r.disabledOpsPerSec() > 0 && r.protectedOpsPerSec() > 0 && r.vanillaOpsPerSec() > 0);
    assertTrue(r.validated() > 0, "nothing validated");
    assertEquals(0, r.detections());
    assertTrue(r.validationLatencyP99Us() >= r.validationLatencyMeanUs() * 0.0);
    assertTrue(r.perOpNanos().containsKey("loggedLoad"));
  }

  @Test
  void everyVariantTakesEveryPositionAndFollowsEveryOtherEquallyOften() {
    int n = RuntimeBenchmark.Variant.values().length;
    int[][] position = new int[n][n];
    int[][] follows = new int[n][n];
    for (RuntimeBenchmark.Variant[] order : RuntimeBenchmark.ORDERS) {
      assertEquals(n, EnumSet.copyOf(List.of(order)).size());
      for (int i = 0; i < n; i++) {
        position[order[i].ordinal()][i]++;
        if (i > 0) {
          follows[order[i].ordinal()][order[i - 1].ordinal()]++;
        }
      }
    }
    assertEquals(RuntimeBenchmark.DEFAULT_ROUND_SETS, RuntimeBenchmark.ORDERS.length);
    for (int v = 0; v < n; v++) {
      for (int i = 0; i < n; i++) {
        assertEquals(2, position[v][i], "variant " + v + " at position " + i);
        assertEquals(v == i ? 0 : 2, follows[v][i], "variant " + v + " after " + i);
      }
    }
  }
}
