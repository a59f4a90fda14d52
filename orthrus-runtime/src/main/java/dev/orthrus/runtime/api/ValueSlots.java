package dev.orthrus.runtime.api;

/**
 * Slots that hold references to user data as values, read with an acquire load and written with a
 * release store: the slots of a {@link VersionedArray}, or the reference fields a handle holds
 * itself instead of in its versions (a handle's held fields, decision 0020). The plain variant
 * reads and writes a slot directly; the APP and VAL variants go through {@link
 * ClosureLog#loadSlot}, {@link ClosureLog#storeSlot}, {@link Replay#loadSlot} and {@link
 * Replay#storeSlot}, which log and replay a {@link SlotVersion} of the value.
 *
 * <p>A handle that holds fields implements this interface with one slot per held field, numbered
 * from 0 in declaration order; {@link ClosureLog#allocate} and {@link Replay#allocate} then count
 * the value each held field has after the constructor as a store, so validation compares it.
 */
public interface ValueSlots<T> {

  /**
   * The number of slots. Not {@code length()}: a user-data class that holds fields implements this
   * interface and may declare a {@code length()} of its own.
   */
  int slotCount();

  /** Acquire load of the newest value of slot {@code i}. */
  T lvValue(int i);

  /** Release store of a new value into slot {@code i}. */
  void soValue(int i, T value);

  /**
   * Throws {@link ArrayIndexOutOfBoundsException} unless {@code 0 <= i < slotCount()}: the bounds
   * check of a logged slot access and of a validator's replay of it alike.
   */
  default void checkSlot(int i) {
    if (i < 0 || i >= slotCount()) {
      throw new ArrayIndexOutOfBoundsException(
          "Index " + i + " out of bounds for length " + slotCount());
    }
  }

  /**
   * Throws {@link ArrayStoreException} when a slot may not hold {@code value}, as the JVM does for
   * an array made with a narrower element type than its variable's ({@code Object[] a = new
   * String[4]; a[0] = 1;}); the check of every store, plain, logged and replayed.
   */
  default void checkStore(Object value) {}
}
