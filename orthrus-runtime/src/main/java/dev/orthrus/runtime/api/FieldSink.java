package dev.orthrus.runtime.api;

/**
 * Receives the fields of a {@link Version} one by one, in declaration order. One generated method
 * ({@link Version#fields}) feeds checksums, validator comparison and reproducer files alike, so a
 * version class never needs more than that method plus its constructor.
 */
public interface FieldSink {

  /** A primitive field, as its raw bits ({@code Double.doubleToRawLongBits} for doubles). */
  void bits(long bits);

  /**
   * A reference field: another user-data object, an immutable value (String, boxed primitive) or a
   * primitive array that is treated as an immutable value.
   */
  void ref(Object value);
}
