package dev.orthrus.runtime.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.MismatchKind;
import dev.orthrus.runtime.validate.Mismatch;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Past its cap of reproducers per closure, a detection says why it wrote none: the cap, or, when
 * the files could not be written (an argument that is not serializable), that reason. An outside
 * trial's line said "64 written for this closure already" where none had been.
 */
class ReproducerCapTest {

  @TempDir Path dir;

  @Test
  void detectionsPastTheCapSayWhyNoFileWasWritten() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(out, true, StandardCharsets.UTF_8);
    Path reproducers = dir.resolve("reproducers");
    DetectionCenter center =
        new DetectionCenter(DetectionPolicy.REPORT, d -> {}, reproducers, () -> {}, err);
    ClosureBinding binding = ClosureBinding.of("x.Gate#pass()", "pass", (log, replay) -> {});
    ClosureLog log = ReproducerFileTest.withArgument(binding, new Object());
    Mismatch mismatch = new Mismatch(MismatchKind.RESULT, "return value", "1", "2");
    for (int i = 0; i <= DetectionCenter.REPRODUCERS_PER_CLOSURE; i++) {
      center.record(log, mismatch, 1);
    }
    assertEquals(0, center.reproducersWritten());
    try (var files = Files.list(reproducers)) {
      assertEquals(0, files.count());
    }
    String printed = out.toString(StandardCharsets.UTF_8);
    String last = printed.strip().lines().reduce((a, b) -> b).orElseThrow();
    assertTrue(
        last.contains(
            "no reproducer written: 64 tried for this closure already, not all written:"
                + " java.io.NotSerializableException: java.lang.Object"),
        last);
  }
}
