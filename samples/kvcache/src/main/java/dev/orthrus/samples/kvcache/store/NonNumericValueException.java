package dev.orthrus.samples.kvcache.store;

/** incr or decr of a value that is not a decimal number below 2^64. */
public final class NonNumericValueException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public NonNumericValueException() {
    super("cannot increment or decrement non-numeric value");
  }
}
