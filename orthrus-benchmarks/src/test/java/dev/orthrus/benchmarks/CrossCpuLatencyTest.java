package dev.orthrus.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.cpu.Pinning;
import org.junit.jupiter.api.Test;

class CrossCpuLatencyTest {

  @Test
  void aLineBetweenTwoCpusTakesBetweenANanosecondAndAMillisecond() {
    double nanos = CrossCpuLatency.oneWayNanos(0, Pinning.cpus() - 1);
    if (Pinning.cpus() >= 2 && Pinning.supported()) {
      assertTrue(nanos >= 1 && nanos < 1_000_000, () -> "one way: " + nanos + " ns");
    } else {
      assertTrue(Double.isNaN(nanos), () -> "no two pinnable CPUs, yet measured " + nanos);
    }
  }

  @Test
  void oneCpuOrACpuThatIsNotThereIsNotMeasured() {
    assertEquals(Double.NaN, CrossCpuLatency.oneWayNanos(0, 0));
    assertEquals(Double.NaN, CrossCpuLatency.oneWayNanos(0, Pinning.cpus()));
    assertEquals(Double.NaN, CrossCpuLatency.oneWayNanos(-1, 0));
  }

  @Test
  void theCallersAffinityIsLeftAsItWas() {
    int before = Runtime.getRuntime().availableProcessors();
    CrossCpuLatency.oneWayNanos(0, Pinning.cpus() - 1);
    assertEquals(before, Runtime.getRuntime().availableProcessors());
  }
}
