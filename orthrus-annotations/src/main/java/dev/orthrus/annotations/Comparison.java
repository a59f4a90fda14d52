package dev.orthrus.annotations;

/** How a validator decides that its re-execution produced the same outputs as the application. */
public enum Comparison {
  /**
   * Values are compared with {@code equals}; {@code float} and {@code double} values by their raw
   * bits, so that {@code NaN} equals itself and {@code -0.0} differs from {@code 0.0}.
   */
  EQUALS,
  /**
   * Every output is compared by its raw representation: the bits of primitives and, for objects,
   * field by field down to primitives, ignoring any {@code equals} override.
   */
  RAW_BITS
}
