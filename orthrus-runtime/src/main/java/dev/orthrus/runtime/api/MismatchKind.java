package dev.orthrus.runtime.api;

/** How a validator's re-execution differed from the application's execution. */
public enum MismatchKind {
  /** VAL loaded a different object (or slot) than APP at the same point, or a different number. */
  LOAD_DIVERGED,
  /** The return values differ. */
  RESULT,
  /** The versions stored (or their order, or their targets) differ. */
  STORE,
  /** The number of allocated user-data objects differs. */
  ALLOCATION,
  /** One side threw and the other did not, or they threw different exceptions. */
  EXCEPTION,
  /** The non-deterministic values recorded by APP were not all consumed, or VAL asked for more. */
  NONDETERMINISM,
  /**
   * Found without a validator: a version's fields no longer matched its checksum at a control-path
   * check (the first load after a handoff, or an explicit verify).
   */
  CHECKSUM
}
