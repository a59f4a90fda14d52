package dev.orthrus.cli.inject;

import java.util.List;

/**
 * One injected run: corrupt the {@code occurrence}-th execution of a site, or of an instruction's
 * sites counted together, with a fault type.
 *
 * @param number the run's number in the campaign, from 0
 * @param sites the sites armed together: one, or an instruction's sites in each variant
 * @param faultSeed chooses the bits the fault touches
 */
record PlannedRun(
    int number, List<ProfiledSite> sites, String faultType, long occurrence, long faultSeed) {

  PlannedRun {
    sites = List.copyOf(sites);
  }

  /** The first site, which names the run in reports. */
  ProfiledSite site() {
    return sites.get(0);
  }
}
