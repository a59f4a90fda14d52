package dev.orthrus.runtime.report;

/** What the runtime does when a validator detects a corruption. */
public enum DetectionPolicy {
  /** Record it (counters, JFR, reproducer, stderr) and keep running. */
  REPORT,
  /** Record it, then halt the JVM at once so the corrupted data spreads no further. */
  FAIL_STOP,
  /** Record it and hand it to the configured callback, which decides. */
  CALLBACK
}
