package dev.orthrus.cli.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class CampaignPlanTest {

  private static final List<ProfiledSite> PROFILE =
      ProfiledSite.parse(
          List.of(
              "site\tunit\tpath\tfaults\twidth\texecutions\tlabel",
              "0\tint\tdata\tbitflip1,noop\t32\t1000\tA.aPlain:1 iadd",
              "1\tint\tdata\tbitflip1,noop\t32\t10\tA.aApp:1 iadd",
              "2\tint\tcontrol\tbitflip1,noop\t32\t500\tA.main:3 iadd",
              "3\tfp\tdata\tbitflip1\t64\t0\tA.bApp:2 dmul",
              "4\tcache\tdata\tnoop\t0\t40\tA.cApp:9 getfield A$V.next"));

  private static List<PlannedRun> plan(long seed, Set<String> paths) {
    return CampaignPlan.plan(
        PROFILE,
        60,
        seed,
        Set.of("int", "fp", "cache"),
        Set.of("bitflip1", "noop"),
        paths,
        false,
        CampaignPlan.Pick.EXECUTIONS);
  }

  /** One-bit flips of the integer unit on the data path. */
  private static List<PlannedRun> intFlips(
      int runs, long seed, boolean byInstruction, CampaignPlan.Pick pick) {
    return CampaignPlan.plan(
        PROFILE,
        runs,
        seed,
        Set.of("int"),
        Set.of("bitflip1"),
        Set.of("data"),
        byInstruction,
        pick);
  }

  @Test
  void theSameSeedPlansTheSameRuns() {
    assertEquals(plan(5, Set.of("data")), plan(5, Set.of("data")));
    assertNotEquals(plan(5, Set.of("data")), plan(6, Set.of("data")));
  }

  @Test
  void runsCycleThroughThePairsThatHaveExecutedSitesOnTheChosenPath() {
    List<PlannedRun> runs = plan(5, Set.of("data"));

    Map<String, Long> perPair =
        runs.stream()
            .collect(
                Collectors.groupingBy(
                    r -> r.site().unit() + "/" + r.faultType(), Collectors.counting()));
    // fp has no executed site, cache takes noop only: int/bitflip1, int/noop, cache/noop.
    assertEquals(Map.of("int/bitflip1", 20L, "int/noop", 20L, "cache/noop", 20L), perPair);
    assertTrue(runs.stream().allMatch(r -> r.site().path().equals("data")));
    assertTrue(
        runs.stream()
            .allMatch(r -> r.occurrence() >= 1 && r.occurrence() <= r.site().executions()));
  }

  @Test
  void aSiteIsPickedInProportionToItsExecutions() {
    long rare =
        intFlips(400, 1, false, CampaignPlan.Pick.EXECUTIONS).stream()
            .filter(r -> r.site().id() == 1)
            .count();
    // 10 of 1010 executions: about 4 of 400 runs.
    assertTrue(rare < 20, "the rarely executed site was picked " + rare + " times");
  }

  @Test
  void pickingByInstructionGivesEveryInstructionItsShareHoweverOftenItRuns() {
    List<PlannedRun> runs = intFlips(400, 1, false, CampaignPlan.Pick.INSTRUCTIONS);
    long rare = runs.stream().filter(r -> r.site().id() == 1).count();
    // Two executed data-path sites: about 200 runs each, though one runs 100 times as often.
    assertTrue(rare > 150 && rare < 250, "the rarely executed site was picked " + rare + " times");
    assertTrue(
        runs.stream()
            .allMatch(r -> r.occurrence() >= 1 && r.occurrence() <= r.site().executions()));
    assertTrue(
        runs.stream().anyMatch(r -> r.site().id() == 0 && r.occurrence() > 10),
        "occurrences drawn among the chosen site's own executions");
  }

  @Test
  void underSamplingAnInstructionIsArmedInBothVariantsAndItsExecutionsCountTogether() {
    List<PlannedRun> runs = intFlips(50, 3, true, CampaignPlan.Pick.EXECUTIONS);

    assertEquals(50, runs.size());
    for (PlannedRun r : runs) {
      // A.aPlain:1 iadd and A.aApp:1 iadd are one instruction, 1010 executions in all.
      assertEquals("0+1", SiteGroups.siteOption(r.sites()), r.toString());
      assertTrue(r.occurrence() >= 1 && r.occurrence() <= 1010, r.toString());
    }
    assertTrue(
        runs.stream().anyMatch(r -> r.occurrence() > 10),
        "drawn among both variants' executions, not the logged variant's 10 alone");
  }
}
