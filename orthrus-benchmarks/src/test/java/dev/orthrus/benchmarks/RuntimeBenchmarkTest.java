package dev.orthrus.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Runs the benchmark briefly to check that it measures; no throughput is asserted. */
class RuntimeBenchmarkTest {

  @Test
  void smallRunProducesSaneFigures() {
    RuntimeBenchmark.Result r =
        RuntimeBenchmark.run(new RuntimeBenchmark.Options(1, 50, 1000, 16, 90, false));
    assertTrue(r.protectedVsDisabled() > 0);
    assertTrue(r.disabledOpsPerSec() > 0 && r.protectedOpsPerSec() > 0);
    assertTrue(r.validated() > 0, "nothing validated");
    assertEquals(0, r.detections());
    assertTrue(r.validationLatencyP99Us() >= r.validationLatencyMeanUs() * 0.0);
    assertTrue(r.perOpNanos().containsKey("loggedLoad"));
  }
}
