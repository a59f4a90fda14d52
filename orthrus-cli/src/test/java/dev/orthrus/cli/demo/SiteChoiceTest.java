package dev.orthrus.cli.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.orthrus.cli.inject.ProfiledSite;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Which instruction the faulty core gets wrong, from a profile. */
class SiteChoiceTest {

  private static final Set<String> INT = Set.of("bitflip1", "stuck0", "noop");

  private static ProfiledSite site(
      int id, String unit, String path, long executions, String label) {
    return new ProfiledSite(id, unit, path, INT, 32, executions, label);
  }

  /**
   * A closure's plain and APP variants, a helper both call, a branch, an accessor, control code.
   */
  private static final List<ProfiledSite> PROFILE =
      List.of(
          site(1, "int", "data", 800, "Cache.slot:10 ixor"),
          site(2, "int", "data", 200, "Cache.slotApp:20 ixor"),
          site(3, "int", "data", 900, "Cache.withData:30 iadd"),
          site(4, "int", "data", 900, "Cache.withData:30 iadd"),
          site(5, "int", "data", 1000, "Cache.live:40 ifeq "),
          site(6, "int", "data", 1000, "CacheItem.lvValue:50 iadd"),
          site(7, "int", "control", 5000, "Session.process:60 iadd"),
          site(8, "int", "data", 3, "Cache.arithmeticPlain:70 ladd"),
          site(9, "vector", "data", 700, "Cache.slot:9 call String.hashCode"),
          site(10, "int", "data", 500, "Cache.storePlain:80 ladd"),
          site(11, "int", "data", 100, "Cache.storeApp:90 ladd"),
          site(12, "int", "data", 60, "Cache.storeApp:91 ladd"));

  @Test
  void anInstructionIsItsSitesInEveryVariant() {
    List<String> instructions =
        SiteChoice.instructions(PROFILE).stream()
            .filter(i -> i.unit().equals("int"))
            .map(i -> i.sites().stream().map(s -> "" + s.id()).collect(Collectors.joining("+")))
            .toList();
    // slot's ixor in both variants; withData, one method, both its iadds; store's ladd has no
    // counterpart for each site (one plain, two APP), so the kind is one instruction.
    assertEquals(List.of("1+2", "3+4", "8", "10+11+12"), instructions);
  }

  @Test
  void branchesAccessorsControlPathAndRareInstructionsAreNoCandidates() {
    SiteChoice.Choice choice = SiteChoice.choose(PROFILE, "int", 1, 1000);
    List<String> labels = new ArrayList<>();
    choice.order().forEach(i -> labels.add(i.label()));
    assertEquals(3, choice.candidates(), labels.toString());
    assertEquals(
        Set.of("Cache.slot:10 ixor", "Cache.withData:30 iadd", "Cache.storePlain:80 ladd"),
        Set.copyOf(labels));
  }

  @Test
  void theSeedPicksWhereTheListIsEnteredAndTheRestFollowInOrder() {
    List<String> seen = new ArrayList<>();
    for (long seed = 0; seed < 20; seed++) {
      List<String> order =
          SiteChoice.choose(PROFILE, "int", seed, 1000).order().stream()
              .map(SiteChoice.Instruction::label)
              .toList();
      List<String> rotated = new ArrayList<>(order);
      while (!rotated.get(0).equals("Cache.slot:10 ixor")) {
        rotated.add(rotated.remove(0));
      }
      assertEquals(
          List.of("Cache.slot:10 ixor", "Cache.withData:30 iadd", "Cache.storePlain:80 ladd"),
          rotated);
      assertEquals(
          order,
          SiteChoice.choose(PROFILE, "int", seed, 1000).order().stream()
              .map(SiteChoice.Instruction::label)
              .toList(),
          "the same seed, the same choice");
      seen.add(order.get(0));
    }
    assertEquals(3, Set.copyOf(seen).size(), "every candidate is some seed's choice: " + seen);
  }

  @Test
  void aUnitWithoutInstructionsHasNoChoice() {
    assertNull(SiteChoice.choose(PROFILE, "fp", 1, 1000));
  }

  @Test
  void everyAimsAtOneCorruptionInAHundredRequests() {
    assertEquals(3, SiteChoice.every(3000, 100_000)); // 0.03 executions a request
    assertEquals(1, SiteChoice.every(10, 100_000), "at least 1");
    assertEquals(1000, SiteChoice.every(1_000_000, 100_000));
  }

  @Test
  void theAgentOptionJoinsTheSites() {
    SiteChoice.Instruction slot =
        SiteChoice.instructions(PROFILE).stream()
            .filter(i -> i.label().equals("Cache.slot:10 ixor"))
            .findFirst()
            .orElseThrow();
    assertEquals("1+2", slot.siteOption());
    assertEquals(1000, slot.executions());
    assertEquals("bitflip1", slot.faultType());
    assertEquals("Cache.slot:10 ixor (unit int, data path, 2 sites)", slot.description());
  }
}
