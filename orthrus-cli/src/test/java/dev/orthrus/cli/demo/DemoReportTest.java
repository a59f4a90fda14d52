package dev.orthrus.cli.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark.Placement;
import dev.orthrus.cli.inject.ProfiledSite;
import dev.orthrus.runtime.report.CallerNames;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The demo's output: a detection in a line, the summary, the JSON object. */
class DemoReportTest {

  private static final SiteChoice.Instruction SLOT =
      new SiteChoice.Instruction(
          List.of(
              new ProfiledSite(1, "int", "data", Set.of("bitflip1"), 32, 800, "Cache.slot:10 ixor"),
              new ProfiledSite(
                  2, "int", "data", Set.of("bitflip1"), 32, 200, "Cache.slotApp:20 ixor")),
          "bitflip1");

  private static DemoResult result(long firstMillis, int detections, Replay.Verdict replay) {
    return new DemoResult(
        7,
        15,
        SLOT,
        21,
        40,
        List.of(),
        null,
        firstMillis,
        detections,
        5000,
        300,
        12,
        40_000,
        50_000,
        replay,
        null,
        new Placement(2, 0, 1, 0, 0));
  }

  private static final Replay.Verdict AGREES =
      new Replay.Verdict(
          Path.of("orthrus-reproducers/sdc-get-1-1.orthrus-repro").toAbsolutePath(),
          "MATCHES_VALIDATOR",
          0,
          null);

  @Test
  void aDetectionNamesClosureCallerThreadCpuValuesAndARelativeReproducer() {
    DetectionLine d =
        new DetectionLine(
            "get",
            "Cache#get(String,int)",
            5,
            "kvcache-worker-0",
            0,
            1,
            "RESULT",
            "return value",
            "x".repeat(100),
            "y",
            Path.of("orthrus-reproducers/sdc-get-1-1.orthrus-repro").toAbsolutePath().toString(),
            null);
    assertEquals(
        "closure get, caller caller 5, thread kvcache-worker-0, CPU 0 (validator CPU 1): RESULT"
            + " return value: expected "
            + "x".repeat(57)
            + "..., actual y; reproducer orthrus-reproducers/sdc-get-1-1.orthrus-repro",
        DemoReport.describe(d, CallerNames.parse("")));
  }

  @Test
  void theSummarySaysWhatWasFaultyWhenItWasCaughtAndTheReplay() {
    StringWriter text = new StringWriter();
    DemoReport.writeText(result(840, 37, AGREES), new PrintWriter(text));
    String s = text.toString();
    assertTrue(s.contains("not the benchmark"), s);
    assertTrue(
        s.contains(
            "faulty instruction  Cache.slot:10 ixor (unit int, data path, 2 sites), bitflip1 on"
                + " every 40-th execution; 300 corruptions"),
        s);
    assertTrue(s.contains("first detection     0.84 s after the load started"), s);
    assertTrue(s.contains("detections          37 (executions validated: 5,000)"), s);
    assertTrue(s.contains("ratio 0.80"), s);
    assertTrue(
        s.contains(
            "replay              orthrus-reproducers/sdc-get-1-1.orthrus-repro: does not"
                + " reproduce here: CPU 0 computes the validator's value"),
        s);
    assertTrue(s.strip().endsWith("DETECTED: Orthrus caught the faulty core."), s);
  }

  @Test
  void anUndetectedDefectSaysSo() {
    StringWriter text = new StringWriter();
    DemoReport.writeText(result(-1, 0, null), new PrintWriter(text));
    assertTrue(text.toString().contains("first detection     none in 15 s"), text.toString());
    assertTrue(text.toString().contains("NOT DETECTED"), text.toString());
  }

  @Test
  void theJsonObjectHasTheDocumentedFields() {
    StringWriter json = new StringWriter();
    DemoReport.writeJson(result(840, 37, AGREES), new PrintWriter(json));
    String s = json.toString().replaceAll("\\s+", "");
    assertTrue(s.startsWith("{\"schemaVersion\":1,\"seed\":7,"), s);
    assertTrue(
        s.contains(
            "\"site\":{\"label\":\"Cache.slot:10ixor\",\"unit\":\"int\",\"path\":\"data\","
                + "\"sites\":2}"),
        s);
    assertTrue(s.contains("\"every\":40"), s);
    assertTrue(s.contains("\"timeToFirstDetectionMs\":840"), s);
    assertTrue(s.contains("\"detections\":37"), s);
    assertTrue(s.contains("\"validated\":5000"), s);
    assertTrue(s.contains("\"orthrusOpsPerSec\":40000"), s);
    assertTrue(s.contains("\"vanillaOpsPerSec\":50000"), s);
    assertTrue(
        s.contains(
            "\"replay\":{\"file\":\"orthrus-reproducers/sdc-get-1-1.orthrus-repro\","
                + "\"verdict\":\"MATCHES_VALIDATOR\"}"),
        s);
    StringWriter none = new StringWriter();
    DemoReport.writeJson(result(-1, 0, null), new PrintWriter(none));
    String n = none.toString().replaceAll("\\s+", "");
    assertTrue(n.contains("\"timeToFirstDetectionMs\":null"), n);
    assertTrue(n.contains("\"replay\":null"), n);
  }
}
