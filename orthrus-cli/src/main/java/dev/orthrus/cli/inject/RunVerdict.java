package dev.orthrus.cli.inject;

/**
 * One injected run, judged.
 *
 * @param outcome null when the fault never fired (the site's execution was not reached)
 * @param outputChanged whether stdout differed from the oracle's
 * @param rbvDetected whether a fault-free replica's output would differ (the run completed and its
 *     output differed)
 * @param fired the agent's record of the corruption, or why it did not fire
 */
record RunVerdict(
    PlannedRun run, Outcome outcome, boolean outputChanged, boolean rbvDetected, String fired) {}
