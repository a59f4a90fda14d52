package dev.orthrus.cli.demo;

import dev.orthrus.cli.inject.ProfiledSite;
import dev.orthrus.cli.inject.SiteGroups;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Which instruction the demo's faulty core gets wrong. A closure runs as a plain variant when it is
 * not logged and as an APP variant when it is, so one instruction of the source is a site in each:
 * a defective unit gets it wrong in both, and the demo arms them together ({@link Instruction}).
 *
 * <p>The candidates: the data-path instructions of the chosen unit that compute a value (one
 * flipped bit applies) and ran at least once in {@value #REQUESTS_PER_CANDIDATE_EXECUTION} requests
 * in the profile, in the order of their first site; the seed picks where the list is entered, and
 * the instructions after it are the ones to move the defect to when the first makes the server
 * fail-stop before anything was detected. Executions per request, unlike executions per second, do
 * not depend on how fast the machine ran the profile, so the list is the same from run to run.
 *
 * <p>Left out: conditional branches, which send a closure down another path (an exception, a walk
 * of a list that does not end) more often than to another output; the handles' slot accessors
 * ({@code lvValue}, {@code soValue}), Orthrus's own code, where the load being recorded is the one
 * corrupted (the campaign's "in the load itself"); the plain variant's field accessors, which no
 * logged execution runs ({@link SiteGroups#computesValue}).
 */
final class SiteChoice {

  /**
   * Requests per corruption the default {@code every} aims at: a low rate (a mercurial core errs
   * now and then, not on every instruction), high enough that default sampling catches one within
   * seconds.
   */
  static final int REQUESTS_PER_CORRUPTION = 100;

  /** An instruction that runs less often than once in so many requests is no candidate. */
  static final int REQUESTS_PER_CANDIDATE_EXECUTION = 100;

  /** The defect: one bit of the instruction's result flipped. */
  static final String FAULT_TYPE = "bitflip1";

  /**
   * One instruction of the source: its sites in every variant (or, where the profile cannot tell
   * the variants' sites apart, every site of that kind in the method), and the fault type they
   * take.
   */
  record Instruction(List<ProfiledSite> sites, String faultType) {

    long executions() {
      return sites.stream().mapToLong(ProfiledSite::executions).sum();
    }

    /** The first site's label, e.g. {@code Cache.slot:1310 ixor}. */
    String label() {
      return sites.get(0).label();
    }

    String unit() {
      return sites.get(0).unit();
    }

    /** {@code Cache.slot:1310 ixor (unit int, data path, 2 sites)}. */
    String description() {
      return label()
          + " (unit "
          + unit()
          + ", data path"
          + (sites.size() > 1 ? ", " + sites.size() + " sites" : "")
          + ")";
    }

    /** The agent's {@code site=} value: the site numbers joined by {@code +}. */
    String siteOption() {
      return SiteGroups.siteOption(sites);
    }
  }

  /**
   * The candidates from the seed's pick on (then from the start of the list), and how many there
   * are.
   */
  record Choice(List<Instruction> order) {
    Instruction instruction() {
      return order.get(0);
    }

    int candidates() {
      return order.size();
    }
  }

  private SiteChoice() {}

  /**
   * The candidates for {@code unit} and {@code seed} from a profile of {@code requests}, or null
   * when no data-path instruction of the unit ran often enough.
   */
  static Choice choose(List<ProfiledSite> profile, String unit, long seed, long requests) {
    List<Instruction> candidates =
        instructions(profile).stream()
            .filter(i -> i.unit().equals(unit))
            .filter(i -> i.executions() * REQUESTS_PER_CANDIDATE_EXECUTION >= Math.max(1, requests))
            .toList();
    if (candidates.isEmpty()) {
      return null;
    }
    int pick = new SplittableRandom(seed).nextInt(candidates.size());
    List<Instruction> order = new ArrayList<>(candidates.subList(pick, candidates.size()));
    order.addAll(candidates.subList(0, pick));
    return new Choice(List.copyOf(order));
  }

  /** The profile's data-path sites that compute a value, grouped into instructions. */
  static List<Instruction> instructions(List<ProfiledSite> profile) {
    List<ProfiledSite> candidates =
        profile.stream()
            .filter(s -> s.path().equals("data") && s.faults().contains(FAULT_TYPE))
            .filter(SiteGroups::computesValue)
            .toList();
    return SiteGroups.byInstruction(candidates).stream()
        .map(group -> new Instruction(group, FAULT_TYPE))
        .toList();
  }

  /**
   * Every how many executions the instruction is corrupted so that, at the rate it ran in the
   * profile ({@code executions} in {@code requests}), about one request in {@value
   * #REQUESTS_PER_CORRUPTION} meets a corruption; at least 1.
   */
  static long every(long executions, long requests) {
    return Math.max(
        1, Math.round((double) executions / Math.max(1, requests) * REQUESTS_PER_CORRUPTION));
  }
}
