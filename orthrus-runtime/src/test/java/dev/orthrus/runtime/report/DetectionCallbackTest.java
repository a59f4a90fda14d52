package dev.orthrus.runtime.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orthrus.runtime.api.ChecksumMismatchException;
import dev.orthrus.runtime.api.SlotVersion;
import dev.orthrus.runtime.api.VersionedArray;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A program's detection callback that throws loses no detection and stops no caller. */
class DetectionCallbackTest {

  @Test
  void aCallbackThatThrowsIsSaidOnceAndEveryDetectionIsStillRecorded() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(out, true, StandardCharsets.UTF_8);
    DetectionCenter center =
        new DetectionCenter(
            DetectionPolicy.CALLBACK,
            d -> {
              throw new IllegalStateException("alerting is down");
            },
            null,
            () -> {},
            err);
    SlotVersion<String> version = new SlotVersion<>(new VersionedArray<>(1), 0, "v");
    for (int i = 0; i < 3; i++) {
      // On a validator this call ends the log's validation if it throws; here it must return.
      center.recordChecksum(
          "c#id()",
          "c",
          1,
          2,
          Thread.currentThread(),
          0,
          new ChecksumMismatchException(version, i));
    }
    assertEquals(3, center.count());
    assertEquals(3, center.callbackFailures());
    String printed = out.toString(StandardCharsets.UTF_8);
    assertEquals(3, printed.split("orthrus: SDC detected", -1).length - 1, printed);
    assertEquals(
        1,
        printed.split("the detection callback threw java.lang.IllegalStateException", -1).length
            - 1,
        printed);
  }
}
