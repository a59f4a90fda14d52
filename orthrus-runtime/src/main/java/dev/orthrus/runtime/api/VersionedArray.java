package dev.orthrus.runtime.api;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A fixed-length array of references whose slots are versioned independently, such as the buckets
 * of a hash table. Versioning the whole array on every store would copy it; one version per slot
 * keeps a store O(1) and lets a validator check exactly the slot the application read.
 *
 * <p>Primitive arrays are not versioned this way: they are immutable values, replaced as a whole.
 */
public final class VersionedArray<T> implements java.io.Serializable {

  private static final long serialVersionUID = 1L;

  private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(SlotVersion[].class);

  // Transient: a reproducer file carries logged slot versions only; the array is an identity.
  private final transient SlotVersion<T>[] slots;

  private final int length;

  @SuppressWarnings("unchecked")
  public VersionedArray(int length) {
    if (length < 0) {
      throw new IllegalArgumentException("negative length: " + length);
    }
    this.length = length;
    this.slots = new SlotVersion[length];
    for (int i = 0; i < length; i++) {
      // Every slot starts with a version so that a load always has something to log.
      slots[i] = new SlotVersion<>(this, i, null);
    }
    VarHandle.releaseFence();
  }

  public int length() {
    return length;
  }

  /** Acquire load of the newest version of slot {@code i}. */
  @SuppressWarnings("unchecked")
  public SlotVersion<T> lvSlot(int i) {
    checkSlot(i);
    return (SlotVersion<T>) SLOTS.getAcquire(slots, i);
  }

  /**
   * The bounds check of every slot access: the application's loads, the versions its stores
   * build, and a validator's replay of both, which never touches the slots. One check, so that
   * an index out of range throws the same exception on both sides.
   */
  public void checkSlot(int i) {
    if (i < 0 || i >= length) {
      throw new ArrayIndexOutOfBoundsException("Index " + i + " out of bounds for length " + length);
    }
  }

  /** Release store of a new version of its slot. */
  public void soSlot(SlotVersion<T> next) {
    if (next.owner() != this) {
      throw new IllegalArgumentException("slot version belongs to another array");
    }
    SLOTS.setRelease(slots, next.slot(), next);
  }
}
