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
  FAIL_STOP;

  /**
   * The outcome of a run whose fault fired (decision 0034): a detection wins, then a process that
   * did not complete (non-zero exit, crash, hang), then whether the output changed.
   */
  static Outcome of(boolean detected, boolean completed, boolean outputChanged) {
    if (detected) {
      return DETECTED;
    }
    if (!completed) {
      return FAIL_STOP;
    }
    return outputChanged ? NOT_DETECTED : MASKED;
  }
}
