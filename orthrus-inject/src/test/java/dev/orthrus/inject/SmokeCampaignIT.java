package dev.orthrus.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

  @TempDir Path work;

  @Test
  void dataPathCorruptionsOfOrderBookAreDetected() throws Exception {
    CliJar campaign =
        CliJar.run(
            work,
            15,
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
            "--json");
    String json = campaign.out();
    String log = campaign.err();
    assertEquals(0, campaign.exit(), "exit 1 means the fault-free run was not clean:\n" + log);

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
