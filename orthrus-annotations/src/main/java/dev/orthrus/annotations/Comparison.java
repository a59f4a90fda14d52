package dev.orthrus.annotations;

/** How a validator decides that its re-execution produced the same outputs as the application. */
public enum Comparison {
  /**
   * Values are compared with {@code equals}; {@code float} and {@code double} values as {@code
   * Double.equals} compares them, so that {@code NaN} equals itself and {@code -0.0} differs from
   * {@code 0.0}.
   */
  EQUALS,
  /**
   * Every output is compared by its representation: the bits of primitives and, for objects, field
   * by field down to primitives, ignoring any {@code equals} override.
   *
   * <p>In both modes every {@code NaN} is one value: which {@code NaN} an operation on {@code NaN}s
   * gives is not specified, and the interpreter and compiled code give different ones.
   */
  RAW_BITS
}
