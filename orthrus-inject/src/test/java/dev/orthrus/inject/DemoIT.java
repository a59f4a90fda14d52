package dev.orthrus.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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
          "DETECTED at [0-9.]+ s: closure (get|getReply|touch|store|delete|arithmetic|flushAll"
              + "|valueReply|numberReply|metaReply|metaGetReply), caller \\S+, thread kvcache-worker-0, CPU");

  @TempDir Path work;

  @Test
  void theFaultyCoreIsCaughtAndOneReproducerReplayed() throws Exception {
    // Seed 5 faults the byte count as store unlinks the item it replaces; its reproducers replay.
    CliJar demo =
        CliJar.run(work, 5, "demo", "--seconds", "3", "--warmup", "2", "--seed", "5", "--json");
    String json = demo.out().replaceAll("\\s+", "");
    String log = demo.err();
    assertEquals(0, demo.exit(), "exit 0 means the faulty core was detected:\n" + log + json);

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
