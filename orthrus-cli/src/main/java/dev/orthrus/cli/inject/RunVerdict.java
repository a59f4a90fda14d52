package dev.orthrus.cli.inject;

/**
 * One injected run, judged.
 *
 * @param outcome null when the fault never fired (the site's execution was not reached)
 * @param outputChanged whether the run completed with another output than the oracle's; a
 *     fault-free replica's output would then differ, so RBV would have detected it
 */
record RunVerdict(PlannedRun run, Outcome outcome, boolean outputChanged) {}
