package dev.orthrus.cli.inject;

/** How one injected run ended, judged against the fault-free oracle of the same seed. */
enum Outcome {
  /** Orthrus reported a detection (whatever happened to the output or the process after it). */
  DETECTED,
  /**
   * No detection, the process ended normally, and its output (which holds the final state)
   * differed.
   */
  NOT_DETECTED,
  /** No detection and the output was the oracle's: the fault did not matter. */
  MASKED,
  /** No detection, and the process threw, crashed or hung (killed at the timeout). */
  FAIL_STOP
}
