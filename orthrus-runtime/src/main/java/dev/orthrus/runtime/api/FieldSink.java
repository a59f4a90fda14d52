package dev.orthrus.runtime.api;

/**
 * Receives the fields of a {@link Version} one by one, in declaration order. One generated method
 * ({@link Version#fields}) feeds checksums, validator comparison and reproducer files alike, so a
 * version class never needs more than that method plus its constructor.
 */
public interface FieldSink {

  /**
   * A primitive field, as its bits; a {@code double} as {@code Double.doubleToLongBits} gives them
   * (every NaN as the canonical one: which NaN an operation on NaNs gives depends on the code the
   * JIT made, decision 0060), a {@code float} as {@code Float.floatToIntBits}.
   */
  void bits(long bits);

  /**
   * A reference field: another user-data object, an immutable value (String, boxed primitive) or a
   * primitive array that is treated as an immutable value.
   */
  void ref(Object value);
}
