package dev.orthrus.rewriter.transform;

/**
 * The three forms a method that touches user data takes. Code outside closures (the control path)
 * is rewritten as {@link #PLAIN}: it reads and writes versioned memory without a log.
 */
enum Variant {
  /** Versioned memory, nothing logged: the unsampled run of a closure, and the control path. */
  PLAIN("Plain", null, null),
  /** Logs every load, store, allocation and non-deterministic result. */
  APP("App", "ClosureLog", "log"),
  /** Re-executes from a log: loads and non-deterministic results come from it. */
  VAL("Val", "Replay", "replay");

  /** Appended to the method name: {@code getApp}. */
  final String suffix;

  /** The type of the context parameter the variant takes first, or null. */
  final String contextType;

  /** The context parameter's name, unless the method already uses it. */
  final String contextName;

  Variant(String suffix, String contextType, String contextName) {
    this.suffix = suffix;
    this.contextType = contextType;
    this.contextName = contextName;
  }
}
