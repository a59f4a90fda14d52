package dev.orthrus.cli.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.cli.inject.PersistentDefects.Defect;
import dev.orthrus.cli.inject.PersistentDefects.Outcome;
import dev.orthrus.cli.inject.PersistentDefects.Result;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PersistentDefectsTest {

  private static final List<ProfiledSite> PROFILE =
      ProfiledSite.parse(
          List.of(
              "site\tunit\tpath\tfaults\twidth\texecutions\tlabel",
              "0\tint\tdata\tbitflip1,noop\t32\t900\tA.aPlain:1 iadd",
              "1\tint\tdata\tbitflip1,noop\t32\t100\tA.aApp:1 iadd",
              "2\tint\tdata\tbitflip1,noop\t32\t5000\tA.bApp:2 ifeq",
              "3\tint\tcontrol\tbitflip1,noop\t32\t5000\tA.main:3 iadd",
              "4\tint\tdata\tbitflip1,noop\t32\t50\tA.cApp:4 isub",
              "5\tfp\tdata\tbitflip1\t64\t400\tA.dApp:5 dmul"));

  @Test
  void aDefectSitsInADataPathInstructionThatComputesAValueAndRanOften() {
    List<Defect> defects = PersistentDefects.plan(PROFILE, 20, 9, Set.of("int"));

    assertEquals(20, defects.size());
    for (Defect d : defects) {
      // Not the branch, not the control path, not the rarely run isub: the iadd in both variants.
      assertEquals("0+1", SiteGroups.siteOption(d.sites()), d.toString());
      // 1,000 executions: the defect appears at the 501st and fires about 50 times after it.
      assertEquals(501, d.onset(), d.toString());
      assertEquals(500 / PersistentDefects.CORRUPTIONS_PER_RUN, d.every());
    }
    assertEquals(PersistentDefects.plan(PROFILE, 20, 9, Set.of("int")), defects);
    assertTrue(PersistentDefects.plan(PROFILE, 3, 9, Set.of("vector")).isEmpty());
  }

  @Test
  void theAgentsNoteAtTheFirstDetectionGivesTheCounts() {
    Defect d = PersistentDefects.plan(PROFILE, 1, 1, Set.of("fp")).get(0);

    Result detected =
        PersistentDefects.judge(
            d,
            false,
            false,
            List.of(
                "fired n=8 original=1 faulty=3",
                "detected executions=812 fired=101 nanos=2500000"));
    List<String> undetected = List.of("fired n=8 original=1 faulty=3", "executions=400 fired=50");
    Result missed = PersistentDefects.judge(d, true, true, undetected);
    Result masked = PersistentDefects.judge(d, true, false, undetected);
    Result crashed =
        PersistentDefects.judge(d, false, false, List.of("fired n=8 original=1 faulty=3"));

    // The fp instruction ran 400 times in the profile: onset at the 201st, so the counts since the
    // onset are the agent's less 200.
    assertEquals(201, d.onset());
    assertEquals(new Result(d, Outcome.DETECTED, 612, 101, 2.5), detected);
    assertEquals(new Result(d, Outcome.NOT_DETECTED, 200, 50, -1), missed);
    assertEquals(Outcome.MASKED, masked.outcome());
    assertEquals(Outcome.FAIL_STOP, crashed.outcome());
  }

  @Test
  void aRunWithoutADetectionCountsAsInfiniteInTheMedianAndAMaskedOneNotAtAll() {
    Defect d = PersistentDefects.plan(PROFILE, 1, 1, Set.of("fp")).get(0);
    Result a = new Result(d, Outcome.DETECTED, 10, 1, 1.0);
    Result b = new Result(d, Outcome.DETECTED, 30, 3, 3.0);
    Result none = new Result(d, Outcome.NOT_DETECTED, 400, 50, -1);
    Result masked = new Result(d, Outcome.MASKED, 400, 50, -1);

    assertEquals(30, PersistentDefects.median(List.of(a, b, none), Result::executions));
    assertEquals(
        20,
        PersistentDefects.median(List.of(a, b, masked), Result::executions),
        "masked: left out");
    assertEquals(20, PersistentDefects.median(List.of(a, b), Result::executions));
    assertTrue(Double.isNaN(PersistentDefects.median(List.of(a, none, none), Result::millis)));
  }
}
