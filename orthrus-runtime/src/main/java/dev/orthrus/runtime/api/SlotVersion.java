package dev.orthrus.runtime.api;

/** One immutable version of one slot of a {@link VersionedArray}. */
public final class SlotVersion<T> extends Version {

  private final int slot;
  private final T value;

  public SlotVersion(VersionedArray<T> owner, int slot, T value) {
    super(owner);
    owner.checkSlot(slot);
    this.slot = slot;
    this.value = value;
    seal();
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
