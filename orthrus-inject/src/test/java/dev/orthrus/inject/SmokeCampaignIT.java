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

/**
 * A bounded campaign on order-book through the packaged CLI and agent: the fault-free protected run
 * must be clean (else the command exits 1), and data-path corruptions that changed the output must
 * be detected.
 */
class SmokeCampaignIT {

  private static final Pattern ROW =
      Pattern.compile(
          "\\{\"unit\":\"(\\w+)\",\"faultType\":\"(\\w+)\",\"path\":\"(\\w+)\",\"injected\":(\\d+),"
              + "\"masked\":(\\d+),\"failStop\":(\\d+),\"detected\":(\\d+),\"notDetected\":(\\d+),"
              + "\"rbvDetected\":(\\d+)\\}");

  @Test
  void dataPathCorruptionsOfOrderBookAreDetected() throws Exception {
    Path root = Path.of(System.getProperty("orthrus.root", "..")).toAbsolutePath().normalize();
    Path out = Files.createTempFile("inject-smoke", ".json");
    Path err = Files.createTempFile("inject-smoke", ".err");
    Process p =
        new ProcessBuilder(
                List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Dorthrus.root=" + root,
                    "-jar",
                    root.resolve("orthrus-cli/target/orthrus.jar").toString(),
                    "inject",
                    "order-book",
                    "--runs",
                    "24",
                    "--ops",
                    "1000",
                    "--jobs",
                    "2",
                    "--seed",
                    "7",
                    "--json"))
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    assertTrue(p.waitFor(15, TimeUnit.MINUTES), "the campaign did not end");
    String json = Files.readString(out, StandardCharsets.UTF_8);
    String log = Files.readString(err, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), "exit 1 means the fault-free run was not clean:\n" + log);

    int injected = 0;
    int detected = 0;
    int notDetected = 0;
    // The command pretty-prints; row fields hold no spaces.
    Matcher row = ROW.matcher(json.replaceAll("\\s+", ""));
    while (row.find()) {
      assertEquals("data", row.group(3), json);
      int rowInjected = Integer.parseInt(row.group(4));
      int sum = 0;
      for (int g = 5; g <= 8; g++) {
        sum += Integer.parseInt(row.group(g));
      }
      assertEquals(rowInjected, sum, "each run has exactly one outcome: " + row.group());
      injected += rowInjected;
      detected += Integer.parseInt(row.group(7));
      notDetected += Integer.parseInt(row.group(8));
    }
    assertTrue(injected >= 20, "most planned faults fired: " + injected + "\n" + json);
    assertTrue(
        detected >= 0.9 * (detected + notDetected),
        detected + " detected, " + notDetected + " not detected\n" + json);
    assertTrue(detected * 3 >= injected, "a third or more detected: " + json);
  }
}
