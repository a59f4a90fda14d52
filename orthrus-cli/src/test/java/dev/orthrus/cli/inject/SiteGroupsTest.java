package dev.orthrus.cli.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SiteGroupsTest {

  private static ProfiledSite load(int id, long executions, String label) {
    return new ProfiledSite(id, "cache", "data", Set.of("bitflip1"), 64, executions, label);
  }

  /**
   * The generated helper for {@code returns++} in its logged form (reads the version's field) and
   * its plain form (reads the object's field, then again for the checksum), and the plain variant's
   * accessor of the field.
   */
  private static final List<ProfiledSite> PROFILE =
      List.of(
          load(0, 40, "Stats.postIncrement$returns:266 getfield Stats$V.returns"),
          load(1, 40, "Stats.postIncrement$returns:268 getfield Stats$V.trades"),
          load(2, 900, "Stats.postIncrement$returns:460 getfield Stats.returns"),
          load(3, 900, "Stats.postIncrement$returns:464 getfield Stats.trades"),
          load(4, 5000, "Stats.lv$returns:181 getfield Stats.returns"),
          load(5, 5000, "CacheItem.acquire$next:90 getfield CacheItem.next"),
          load(6, 800, "KvMap.getApp:12 getfield Item$V.value"));

  @Test
  void aReadOfAFieldIsOneInstructionWhetherItReadsTheObjectOrItsVersion() {
    List<String> groups =
        SiteGroups.byInstruction(PROFILE).stream().map(SiteGroups::siteOption).toList();
    // Without naming the version's field as the object's, the logged helper's read (0) and the
    // plain one's (2) were two instructions, and a defect armed at 2 alone corrupted only
    // executions that are never validated.
    assertEquals(List.of("0+2", "1+3", "4", "5", "6"), groups);
  }

  @Test
  void aPlainAccessorHoldsNoPersistentDefect() {
    assertFalse(SiteGroups.computesValue(PROFILE.get(4)), "lv$returns: plain executions only");
    assertFalse(SiteGroups.computesValue(PROFILE.get(5)), "acquire$next: plain executions only");
    assertTrue(SiteGroups.computesValue(PROFILE.get(2)));
    assertTrue(SiteGroups.computesValue(PROFILE.get(6)));

    List<PersistentDefects.Defect> defects =
        PersistentDefects.plan(PROFILE, 30, 3, Set.of("cache"));
    assertEquals(30, defects.size());
    for (PersistentDefects.Defect d : defects) {
      assertTrue(
          Set.of("0+2", "1+3", "6").contains(SiteGroups.siteOption(d.sites())), d.toString());
    }
  }

  /**
   * A method the rewriter made from nothing has no line numbers (the protected classes carry the
   * source's lines, decision 0081): its sites' labels have no line, and group as any other.
   */
  @Test
  void sitesOfMethodsWithoutLinesGroupByTheirMethod() {
    List<ProfiledSite> profile =
        List.of(
            load(0, 700, "CacheItem.lvValue getfield CacheItem.hashNext"),
            load(1, 90, "Cache.unlinkApp:312 lsub"),
            load(2, 900, "Cache.unlink:312 lsub"));
    assertEquals("CacheItem.lvValue", SiteGroups.method(profile.get(0)));
    assertFalse(SiteGroups.computesValue(profile.get(0)), "lvValue: Orthrus's own accessor");
    assertEquals(
        List.of("0", "1+2"),
        SiteGroups.byInstruction(profile).stream().map(SiteGroups::siteOption).toList());
  }
}
