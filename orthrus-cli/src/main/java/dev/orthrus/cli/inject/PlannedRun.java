package dev.orthrus.cli.inject;

/**
 * One injected run: corrupt the {@code occurrence}-th execution of a site with a fault type.
 *
 * @param number the run's number in the campaign, from 0
 * @param faultSeed chooses the bits the fault touches
 */
record PlannedRun(
    int number, ProfiledSite site, String faultType, long occurrence, long faultSeed) {}
