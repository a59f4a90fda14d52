package dev.orthrus.runtime.api;

/**
 * One immutable version of one slot of a {@link VersionedArray} or of a handle's held field ({@link
 * ValueSlots}): the value a logged execution read from the slot or stored into it. The slots
 * themselves hold values, not these (decision 0020).
 */
public final class SlotVersion<T> extends Version {

  private final int slot;
  private final T value;

  public SlotVersion(ValueSlots<T> owner, int slot, T value) {
    super(owner);
    owner.checkSlot(slot);
    this.slot = slot;
    this.value = value;
    seal(Checksum.ref(Checksum.bits(Checksum.SEED, slot), value));
  }

  /** The version of the value slot {@code slot} of {@code owner} holds now. */
  static <T> SlotVersion<T> of(ValueSlots<T> owner, int slot) {
    return new SlotVersion<>(owner, slot, owner.lvValue(slot));
  }

  public T value() {
    return value;
  }

  @Override
  public int slot() {
    return slot;
  }

  @Override
  public void fields(FieldSink sink) {
    sink.bits(slot);
    sink.ref(value);
  }

  @Override
  public String toString() {
    return "slot " + slot + " = " + value;
  }
}
