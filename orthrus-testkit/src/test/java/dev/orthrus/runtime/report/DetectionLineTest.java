package dev.orthrus.runtime.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.Detection;
import dev.orthrus.runtime.sample.FixedSampling;
import dev.orthrus.testkit.FaultHook;
import dev.orthrus.testkit.KvMap;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a program prints on a detection under the default REPORT policy: one line on stderr naming
 * the closure, the caller, the thread, the application and validator CPUs and the reproducer file.
 */
class DetectionLineTest {

  @TempDir Path dir;

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @AfterEach
  void disarm() {
    FaultHook.disarm();
  }

  private List<String> linesAfterOneCorruptGet(Path reproducers) {
    try (OrthrusRuntime rt =
        OrthrusRuntime.start(
            RuntimeConfig.builder()
                .sampling(() -> new FixedSampling(1.0))
                .reproducerDir(reproducers)
                .err(new PrintStream(err, true, StandardCharsets.UTF_8))
                .build())) {
      rt.blockWhenFull(true);
      KvMap map = new KvMap(rt, 16);
      map.set("k", new byte[] {1, 2, 3}, 0);
      FaultHook.Fault fault = new FaultHook.Fault(KvMap.SITE_GET_VALUE_BYTE, 1, 1);
      FaultHook.arm(fault);
      map.get("k", KvMap.GET.site(7));
      FaultHook.disarm();
      assertEquals(1, fault.fired());
      assertTrue(rt.awaitDrained(10_000));
      assertEquals(1, rt.detections().count());
    }
    return err.toString(StandardCharsets.UTF_8).lines().toList();
  }

  @Test
  void aDetectionIsOneLineNamingClosureCallerThreadCpusAndReproducer() {
    List<String> lines = linesAfterOneCorruptGet(dir);
    assertEquals(1, lines.size(), () -> String.join("\n", lines));
    Matcher m =
        Pattern.compile(
                "orthrus: SDC detected in closure KvMap\\.get"
                    + " \\(dev\\.orthrus\\.testkit\\.KvMap#get\\(java\\.lang\\.String\\)\\),"
                    + " caller 7, thread "
                    + Pattern.quote(Thread.currentThread().getName())
                    + ", CPU (-1|\\d+), validator CPU (-1|\\d+): RESULT .*; reproducer (\\S+)")
            .matcher(lines.get(0));
    assertTrue(m.matches(), lines.get(0));
    Path file = Path.of(m.group(3));
    assertTrue(file.isAbsolute(), lines.get(0));
    assertTrue(Files.isRegularFile(file), lines.get(0));
    assertEquals(dir.toAbsolutePath(), file.getParent());
  }

  @Test
  void aReproducerThatCannotBeWrittenIsSaidOnTheSameLine() throws Exception {
    Path notAFolder = Files.writeString(dir.resolve("file"), "x");
    List<String> lines = linesAfterOneCorruptGet(notAFolder);
    assertEquals(1, lines.size(), () -> String.join("\n", lines));
    assertTrue(
        lines.get(0).startsWith("orthrus: SDC detected in closure KvMap.get"), lines::toString);
    assertTrue(lines.get(0).contains("; no reproducer written: "), lines::toString);
  }

  @Test
  void aLineBreakInAValueStaysOnTheLine() {
    Detection d =
        new Detection(
            "a.B#c()", "B.c", 1, 2, "", "main", 0, 1, null, "result", "x\ny", "x\r\nz", 0L, null);
    assertEquals(
        "SDC detected in closure B.c (a.B#c()), caller 2, thread main, CPU 0, validator CPU 1:"
            + " null result: expected x y, actual x z",
        d.summary());
    Detection named =
        new Detection(
            "a.B#c()", "B.c", 1, 2, "Main.run", "main", 0, 1, null, "result", "x", "y", 0L, null);
    assertTrue(named.summary().contains("caller 2 (Main.run), thread main"), named.summary());
  }
}
