package dev.orthrus.model;

/** How a closure input or output can be compared between APP and VAL. */
public enum ValueKind {
  VOID,
  PRIMITIVE,
  BOXED,
  STRING,
  ENUM,
  RECORD,
  USER_DATA,
  ARRAY,
  /** A class that overrides {@code equals}. */
  EQUALS,
  /**
   * None of the above: the validator cannot compare it (rule {@code orthrus.closure.signature}).
   */
  NOT_COMPARABLE;

  public boolean comparable() {
    return this != NOT_COMPARABLE;
  }
}
