package dev.orthrus.model;

/** Where an object allocated by a closure can be reached from after the closure returns. */
public enum EscapeState {
  /** Only from the closure's own frames: stays in the private heap, costs nothing. */
  NO_ESCAPE,
  /** Returned to the caller (compared as an output, not versioned). */
  RETURNED,
  /** Reachable from user data: must be a versioned object (OrthrusNew). */
  USER_DATA,
  /** Reachable from static fields or other unversioned shared state: cannot be validated. */
  GLOBAL
}
