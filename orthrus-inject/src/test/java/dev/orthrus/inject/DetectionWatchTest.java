package dev.orthrus.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class DetectionWatchTest {

  @Test
  void theFirstDetectionLineIsNotedOnceAndEverythingPassesThrough() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    AtomicInteger noted = new AtomicInteger();
    PrintStream watched =
        new PrintStream(
            new DetectionWatch(err, noted::incrementAndGet), true, StandardCharsets.UTF_8);

    watched.println("orthrus: an execution of X was not validated");
    watched.print("orthrus: SDC detected in closure ");
    assertEquals(0, noted.get(), "not before the line is complete");
    watched.println("A.b, caller 1");
    watched.println("orthrus: SDC detected in closure A.c, caller 2");

    assertEquals(1, noted.get());
    assertEquals(
        "orthrus: an execution of X was not validated\n"
            + "orthrus: SDC detected in closure A.b, caller 1\n"
            + "orthrus: SDC detected in closure A.c, caller 2\n",
        err.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n"));
  }
}
