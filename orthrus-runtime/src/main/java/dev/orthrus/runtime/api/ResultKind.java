package dev.orthrus.runtime.api;

/** What a closure execution ended with. */
public enum ResultKind {
  /** Not finished (or a void closure that has not returned yet). */
  NONE,
  VOID,
  /** A primitive, as its bits (a NaN as the canonical one). */
  BITS,
  /** A reference (possibly null). */
  REF,
  /** An exception or error was thrown. */
  THROWN
}
