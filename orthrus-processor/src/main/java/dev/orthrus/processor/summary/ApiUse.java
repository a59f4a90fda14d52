package dev.orthrus.processor.summary;

/**
 * A use of a JDK facility that a closure must not depend on blindly.
 *
 * @param kind which family it belongs to
 * @param target what was used, e.g. {@code java.lang.System#nanoTime()} or {@code synchronized}
 * @param category finer grouping for reports: {@code clock}, {@code random}, {@code io}, ...
 * @param site where it is written
 */
public record ApiUse(Kind kind, String target, String category, Site site) {

  public enum Kind {
    /** Starting threads, executors, parallel streams, async futures. */
    THREAD,
    /** Results that differ between runs: recorded by APP and replayed to VAL. */
    NONDETERMINISTIC,
    /** Side effects outside the process: not allowed in a closure. */
    IO,
    /** Monitors and {@code java.util.concurrent.locks}. */
    LOCK,
    /** {@code Math} functions whose JIT intrinsics may round differently from the interpreter. */
    MATH_INTRINSIC
  }
}
