package dev.orthrus.runtime.api;

/** What tests may ask of a log's hand-back state, which the runtime keeps package-private. */
public final class LogProbe {

  private LogProbe() {}

  /** True once a validator handed the log back and its owner has not reused it yet. */
  public static boolean handedBack(ClosureLog log) {
    return log.lvState() == ClosureLog.VALIDATED;
  }
}
