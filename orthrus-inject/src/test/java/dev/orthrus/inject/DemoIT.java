package dev.orthrus.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short {@code orthrus demo} through the packaged CLI and agent on the built kvcache sample: the
 * faulty core is detected, the detection names a kvcache closure, the reproducer it names exists
 * and its replay gives a verdict.
 */
class DemoIT {

  /** kvcache's closures (samples/kvcache/README.md). */
  private static final Pattern KVCACHE_CLOSURE =
      Pattern.compile(
          "DETECTED at [0-9.]+ s: closure (get|touch|store|delete|arithmetic|flushAll|counters"
              + "|valueReply|numberReply|metaReply), caller \\S+, thread kvcache-worker-0, CPU");

  @TempDir Path work;

  @Test
  void theFaultyCoreIsCaughtAndOneReproducerReplayed() throws Exception {
    Path root = Path.of(System.getProperty("orthrus.root", "..")).toAbsolutePath().normalize();
    Path out = work.resolve("demo.json");
    Path err = work.resolve("demo.err");
    // Seed 5 faults the bucket hash, which get (whose reproducers replay) and store both run.
    Process p =
        new ProcessBuilder(
                List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Dorthrus.root=" + root,
                    "-jar",
                    root.resolve("orthrus-cli/target/orthrus.jar").toString(),
                    "demo",
                    "--seconds",
                    "3",
                    "--warmup",
                    "2",
                    "--seed",
                    "5",
                    "--json"))
            .directory(work.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), "the demo did not end");
    String json = Files.readString(out, StandardCharsets.UTF_8).replaceAll("\\s+", "");
    String log = Files.readString(err, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), "exit 0 means the faulty core was detected:\n" + log + json);

    assertTrue(KVCACHE_CLOSURE.matcher(log).find(), log);
    assertTrue(json.matches(".*\"timeToFirstDetectionMs\":\\d+,.*"), json);
    assertTrue(json.matches(".*\"detections\":[1-9]\\d*,.*"), json);
    Matcher replay =
        Pattern.compile("\"replay\":\\{\"file\":\"([^\"]+)\",\"verdict\":\"(\\w+)\"\\}")
            .matcher(json);
    assertTrue(replay.find(), json);
    assertTrue(Files.isRegularFile(work.resolve(replay.group(1))), replay.group(1));
    // This machine's CPU is healthy: the replay computes what the validator did.
    assertEquals("MATCHES_VALIDATOR", replay.group(2), json);
  }
}
