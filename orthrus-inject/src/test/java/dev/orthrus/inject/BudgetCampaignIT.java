package dev.orthrus.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Small campaigns on order-book under a tight emulated validation budget, through the packaged CLI:
 * the fault-free runs at that budget must be clean (the command exits 1 otherwise), every run has
 * one outcome, and the JSON says at what sampling and budget it ran.
 */
class BudgetCampaignIT {

  private static final Pattern ROW =
      Pattern.compile(
          "\"injected\":(\\d+),\"masked\":(\\d+),\"failStop\":(\\d+),\"detected\":(\\d+),"
              + "\"notDetected\":(\\d+)");

  @TempDir Path work;

  @Test
  void singleFaultsUnderATightBudget() throws Exception {
    CliJar campaign =
        CliJar.run(
            work,
            10,
            "inject",
            "order-book",
            "--runs",
            "8",
            "--ops",
            "20000",
            "--seed",
            "3",
            "--sampling",
            "random",
            "--validation-budget",
            "0.1",
            "--json");
    assertEquals(0, campaign.exit(), "exit 1 means a fault-free run was not clean:\n" + campaign);
    String json = campaign.out().replaceAll("\\s+", "");
    assertTrue(json.contains("\"sampling\":\"random\",\"validationBudget\":0.1,"), json);
    Matcher row = ROW.matcher(json);
    int injected = 0;
    while (row.find()) {
      int sum = 0;
      for (int g = 2; g <= 5; g++) {
        sum += Integer.parseInt(row.group(g));
      }
      assertEquals(Integer.parseInt(row.group(1)), sum, row.group());
      injected += sum;
    }
    assertTrue(
        injected >= 6, "most planned faults fired (an instruction in both variants):\n" + json);
  }

  @Test
  void aPersistentDefectUnderABudget() throws Exception {
    CliJar defects =
        CliJar.run(
            work,
            10,
            "inject",
            "order-book",
            "--persistent",
            "--runs",
            "2",
            "--ops",
            "20000",
            "--seed",
            "3",
            "--sampling",
            "adaptive",
            "--validation-budget",
            "1",
            "--json");
    assertEquals(0, defects.exit(), defects.toString());
    String json = defects.out().replaceAll("\\s+", "");
    assertTrue(
        json.contains(
            "\"sampling\":\"adaptive\",\"validationBudget\":1.0,\"model\":\"persistent\""),
        json);
    Matcher outcome =
        Pattern.compile("\"outcome\":\"(\\w+)\",\"executions\":(-?\\d+)").matcher(json);
    int runs = 0;
    while (outcome.find()) {
      runs++;
      if (outcome.group(1).equals("DETECTED")) {
        assertTrue(Long.parseLong(outcome.group(2)) > 0, json);
      }
    }
    assertEquals(2, runs, json);
  }
}
