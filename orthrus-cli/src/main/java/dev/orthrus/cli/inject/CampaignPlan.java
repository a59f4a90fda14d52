package dev.orthrus.cli.inject;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Which runs a campaign makes, from the profile and the seed alone (so a campaign is reproducible).
 * The runs cycle through the (unit, fault type) pairs the chosen sites admit, so every row gets its
 * share; within a pair, a run picks one dynamic execution uniformly among all executions of the
 * pair's sites (a site that runs more often is hit more often, as on a real core), or, with {@link
 * Pick#INSTRUCTIONS}, one instruction uniformly among the pair's and then one of its executions
 * (every instruction is as likely to be the defective one, however often it runs).
 *
 * <p>When sampling lets both variants of a closure run ({@code byInstruction}), a run arms an
 * instruction's sites in every variant together ({@link SiteGroups}) and picks among their
 * executions counted together: the corrupted execution is then logged or not as sampling decides,
 * and the profile's split of executions between the variants, which changes from run to run, does
 * not matter. Under {@code --sampling all} the plain variants never run and each site is its own.
 */
final class CampaignPlan {

  private CampaignPlan() {}

  /** How a run's corrupted execution is drawn within its (unit, fault type) pair. */
  enum Pick {
    /** Uniformly among all executions of the pair's instructions. */
    EXECUTIONS,
    /** An instruction uniformly among the pair's, then uniformly among its executions. */
    INSTRUCTIONS;

    String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** The pick of that {@link #label}, or null. */
    static Pick of(String label) {
      for (Pick p : values()) {
        if (p.label().equals(label)) {
          return p;
        }
      }
      return null;
    }
  }

  static List<PlannedRun> plan(
      List<ProfiledSite> profile,
      int runs,
      long seed,
      Set<String> units,
      Set<String> types,
      Set<String> paths,
      boolean byInstruction,
      Pick pick) {
    Map<String, List<List<ProfiledSite>>> byPair = new LinkedHashMap<>();
    for (String unit : List.of("int", "fp", "vector", "cache")) {
      for (String type : List.of("bitflip1", "bitflip2", "bitflip3", "stuck0", "stuck1", "noop")) {
        if (!units.contains(unit) || !types.contains(type)) {
          continue;
        }
        List<ProfiledSite> sites = new ArrayList<>();
        for (ProfiledSite s : profile) {
          if (s.unit().equals(unit) && paths.contains(s.path()) && s.faults().contains(type)) {
            sites.add(s);
          }
        }
        List<List<ProfiledSite>> groups =
            byInstruction ? SiteGroups.byInstruction(sites) : sites.stream().map(List::of).toList();
        groups = groups.stream().filter(g -> executions(g) > 0).toList();
        if (!groups.isEmpty()) {
          byPair.put(unit + "/" + type, groups);
        }
      }
    }
    if (byPair.isEmpty()) {
      return List.of();
    }
    List<String> pairs = new ArrayList<>(byPair.keySet());
    List<PlannedRun> planned = new ArrayList<>();
    for (int i = 0; i < runs; i++) {
      SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + i);
      String pair = pairs.get(i % pairs.size());
      List<List<ProfiledSite>> groups = byPair.get(pair);
      List<ProfiledSite> chosen;
      long occurrence;
      if (pick == Pick.INSTRUCTIONS) {
        chosen = groups.get(random.nextInt(groups.size()));
        occurrence = random.nextLong(executions(chosen));
      } else {
        long total = groups.stream().mapToLong(CampaignPlan::executions).sum();
        occurrence = random.nextLong(total);
        chosen = groups.get(groups.size() - 1);
        for (List<ProfiledSite> g : groups) {
          if (occurrence < executions(g)) {
            chosen = g;
            break;
          }
          occurrence -= executions(g);
        }
      }
      planned.add(
          new PlannedRun(
              i, chosen, pair.substring(pair.indexOf('/') + 1), occurrence + 1, random.nextLong()));
    }
    return planned;
  }

  private static long executions(List<ProfiledSite> sites) {
    return sites.stream().mapToLong(ProfiledSite::executions).sum();
  }
}
