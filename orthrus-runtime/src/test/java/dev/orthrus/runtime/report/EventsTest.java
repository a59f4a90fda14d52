package dev.orthrus.runtime.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import jdk.jfr.FlightRecorder;
import org.junit.jupiter.api.Test;

/**
 * Without a recording, emitting the runtime's events leaves the JDK's Flight Recorder alone:
 * registering an event class loads and fills the recorder's metadata repository, about 100 ms of
 * CPU on the thread that does it, a validator's. Checked in a JVM of its own (another test of this
 * JVM may have started a recording), by the classes it loads.
 */
class EventsTest {

  private static final String METADATA = "jdk.jfr.internal.MetadataRepository ";

  /** Run in the child JVM: asks for the latency event as a validator does. */
  public static void main(String[] args) {
    if (Events.latencyEnabled()) {
      Events.latency("closure", 1_000);
    }
    System.out.println("recorder initialized: " + FlightRecorder.isInitialized());
  }

  @Test
  void withoutARecordingTheRecordersMetadataIsNeverLoaded() throws Exception {
    String out = child();
    assertTrue(out.contains("recorder initialized: false"), out);
    assertFalse(out.contains(METADATA), "loaded " + METADATA);
  }

  private static String child() throws IOException, InterruptedException {
    Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
    Process p =
        new ProcessBuilder(
                java.toString(),
                "-Xlog:class+load=info",
                "-cp",
                System.getProperty("java.class.path"),
                EventsTest.class.getName())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor());
    return out;
  }
}
