package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Calls on shared JDK objects that declare checked exceptions, inside the closure's own try/catch
 * ({@code src/test/resources/checked-recorded}): VAL takes their results from the log, so its
 * variant said nothing could throw them and did not compile ("exception ParseException is never
 * thrown in body of corresponding try statement"). It says so now, and the executions validate but
 * those whose recorded call threw (VAL cannot throw where it takes a result).
 */
class CheckedRecordedCallsTest {

  private static final Path SOURCES = Path.of("src/test/resources/checked-recorded");

  @Test
  void aCatchOfARecordedCallsCheckedExceptionCompilesAndValidates(@TempDir Path out)
      throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> loader.loadClass("chk.Ops").getMethod("drive", int.class).invoke(null, 100),
        rt -> {
          assertTrue(rt.awaitDrained(60_000));
          assertEquals(0, rt.detections().count(), "no detection on a fault-free run");
          // The parses that threw are not validated: VAL takes a result, it cannot throw there.
          assertEquals(280, rt.validatedCount(), () -> rt.notValidatedByClosure().toString());
          assertEquals(20, rt.notValidatedCount());
        });
    String generated = Builds.generated(out, "chk/Ops.java");
    assertTrue(
        generated.contains(
            "Replay.<java.text.ParseException>mayThrowRef(replay.nondetRef(DAY, s))"),
        generated);
  }
}
