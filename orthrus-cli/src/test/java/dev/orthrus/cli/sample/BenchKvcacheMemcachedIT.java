package dev.orthrus.cli.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.cli.CliRun;
import dev.orthrus.model.json.JsonReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code orthrus bench kvcache} driving Debian's real memcached for a few seconds: the JSON has the
 * issue's fields, and every reply was checked (hit ratio 1: nothing evicted, nothing lost). Needs
 * {@code memcached} on the PATH ({@code .ci/run} installs it); without it the run fails naming the
 * package.
 */
class BenchKvcacheMemcachedIT {

  private static final Set<String> RUN_FIELDS =
      Set.of(
          "mode",
          "throughputOpsPerSec",
          "latencyP50Us",
          "latencyP99Us",
          "latencyP999Us",
          "validationLatencyMeanUs",
          "validationLatencyP99Us",
          "appCpuNanosPerOp",
          "validatorCpuNanosPerOp",
          "peakRssBytes",
          "validatedFraction",
          "detections");

  @Test
  @SuppressWarnings("unchecked")
  void drivesRealMemcached(@TempDir Path dir) throws Exception {
    Path plot = dir.resolve("kvcache.html");
    CliRun r =
        CliRun.of(
            "bench",
            "kvcache",
            "--modes",
            "memcached",
            "--threads",
            "2",
            "--keys",
            "5000",
            "--duration",
            "1",
            "--warmup",
            "0.5",
            "--json",
            "--plot",
            plot.toString());
    assertEquals(0, r.exitCode(), r.toString());
    Map<String, Object> json = (Map<String, Object>) JsonReader.parse(r.out());
    assertEquals(1L, json.get("schemaVersion"));
    assertEquals("kvcache", json.get("sample"));
    assertEquals("tcp", json.get("transport"));
    assertEquals("default", json.get("sampling"));
    List<Object> runs = (List<Object>) json.get("runs");
    assertEquals(1, runs.size());
    Map<String, Object> run = (Map<String, Object>) runs.get(0);
    assertTrue(run.keySet().containsAll(RUN_FIELDS), run.keySet().toString());
    assertEquals("memcached", run.get("mode"));
    assertNull(run.get("error"), r.toString());
    double p50 = (double) run.get("latencyP50Us");
    double p99 = (double) run.get("latencyP99Us");
    double p999 = (double) run.get("latencyP999Us");
    assertTrue((double) run.get("throughputOpsPerSec") > 0);
    assertTrue(0 < p50 && p50 <= p99 && p99 <= p999, run.toString());
    assertTrue((double) run.get("appCpuNanosPerOp") > 0, run.toString());
    assertTrue((double) run.get("peakRssBytes") > 1 << 20, run.toString());
    // memcached reports no validation: those figures are null, not zero.
    assertNull(run.get("validatedFraction"));
    assertNull(run.get("validationLatencyMeanUs"));
    assertNull(run.get("detections"));
    assertNull(run.get("liveHeapBytes"), "memcached has no JVM heap");
    assertEquals(1.0, (double) run.get("getHitRatio"));
    // The default: five windows.
    assertEquals(5, ((List<Object>) run.get("repetitions")).size());
    List<Object> windows = (List<Object>) run.get("windows");
    assertEquals(5, windows.size(), run.toString());
    boolean pinned = (long) ((Map<String, Object>) json.get("placement")).get("serverCpu") >= 0;
    int probed = 0;
    for (Object w : windows) {
      Map<String, Object> window = (Map<String, Object>) w;
      assertTrue((double) window.get("throughputOpsPerSec") > 0, window.toString());
      assertTrue((double) window.get("appCpuNanosPerOp") > 0, window.toString());
      // Measured before each window where the CPUs are pinned (null when a probe thread did not
      // get its CPU); null when nothing is pinned.
      Object line = window.get("cacheLineTransferNs");
      assertTrue(line == null || (pinned && (double) line > 0), window.toString());
      probed += line == null ? 0 : 1;
    }
    assertTrue(!pinned || probed > 0, "no window's probe ran: " + windows);
    Map<String, Object> ratios = (Map<String, Object>) json.get("ratios");
    assertTrue(
        ratios
            .keySet()
            .containsAll(
                Set.of(
                    "orthrusVsVanilla",
                    "rbvVsVanilla",
                    "orthrusCpuVsVanilla",
                    "orthrusMemoryVsVanilla")),
        ratios.toString());
    Map<String, Object> placement = (Map<String, Object>) json.get("placement");
    assertTrue(((String) placement.get("loadGenerator")).startsWith("in the orthrus CLI's JVM"));
    assertTrue(placement.containsKey("cacheLineTransferNs"), placement.toString());
    long nice = (long) placement.get("validatorNice");
    assertTrue(nice == 0 || nice == -20, placement.toString());
    List<?> moved = (List<?>) placement.get("kernelThreadsMoved");
    if ((long) placement.get("serverCpu") < 0) {
      assertEquals(0, nice, "nothing pinned, no priority raised: " + placement);
    }
    if (nice == 0) {
      assertEquals(List.of(), moved, "the validators' CPU is reserved only with their priority");
    }
    if ((long) placement.get("serverCpu") >= 0) {
      // Pinned: the trip of a line from the server's CPU to the validators' was measured.
      assertTrue((double) placement.get("cacheLineTransferNs") > 0, placement.toString());
    }
    String html = Files.readString(plot);
    assertTrue(html.contains("<svg") && html.contains("memcached"), html);
    assertFalse(html.contains("<script"), html);
  }
}
