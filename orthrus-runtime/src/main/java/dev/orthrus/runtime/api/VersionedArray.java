package dev.orthrus.runtime.api;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;
import java.util.Iterator;
import java.util.function.IntFunction;
import java.util.function.ObjIntConsumer;

/**
 * A fixed-length array of references whose slots are versioned independently, such as the buckets
 * of a hash table. Versioning the whole array on every store would copy it; one version per slot
 * keeps a store O(1) and lets a validator check exactly the slot the application read.
 *
 * <p>A slot holds its newest value itself, not a version of it: the plain (unlogged) variant reads
 * and writes the slot like an array element, with no object in between (decision 0020). A slot's
 * version is the immutable triple (array, slot, value), so the logged variant builds it when it
 * needs one: {@link ClosureLog#loadSlot} logs the version of the value it read (the one this
 * execution stored, when that is what it read), {@link ClosureLog#storeSlot} and {@link
 * Replay#storeSlot} take the {@link SlotVersion} a store creates.
 *
 * <p>Memory ordering: slots are written with a release store and read with an acquire load, so a
 * reader that gets a user-data object from a slot also sees what its constructor wrote (its
 * handle's first version).
 *
 * <p>Primitive arrays are not versioned this way: they are immutable values, replaced as a whole.
 */
public final class VersionedArray<T> implements ValueSlots<T>, Iterable<T>, java.io.Serializable {

  private static final long serialVersionUID = 1L;

  private static final VarHandle VALUES = MethodHandles.arrayElementVarHandle(Object[].class);

  // Serialized with the array, as the program's own serialization expects; a reproducer file
  // leaves the slots out (it carries the logged slot versions).
  private final Object[] values;

  private final int length;

  /**
   * The element type when it is narrower than the variable's, whose stores are checked ({@link
   * #checkStore}); null when the generic type alone decides what the slots hold.
   */
  private final Class<?> narrowed;

  /**
   * Made on a validator's thread: the validator's own (an allocation VAL repeats), which its
   * constructor may fill there. Any other array a validator must not write.
   */
  private final transient boolean validatorsOwn = ValidatorThread.made(this);

  public VersionedArray(int length) {
    this(length, null);
  }

  /**
   * An array made with an element type narrower than its variable's ({@code Object[] vals = new
   * String[n]}): a store of a value that is not a {@code narrowed} throws {@link
   * ArrayStoreException}, as the JVM's array store does.
   */
  public VersionedArray(int length, Class<?> narrowed) {
    if (length < 0) {
      throw new NegativeArraySizeException(String.valueOf(length));
    }
    this.length = length;
    this.narrowed = narrowed;
    this.values = new Object[length];
  }

  /**
   * An array made with an initializer ({@code new T[] {a, b}}, or {@code T[] f = {a, b}} in a
   * declaration): its slots hold the elements. {@code narrowed} is as for {@link
   * #VersionedArray(int, Class)}, or null.
   */
  public VersionedArray(T[] elements, Class<?> narrowed) {
    this(elements.length, narrowed);
    for (int i = 0; i < elements.length; i++) {
      checkStore(elements[i]);
      values[i] = elements[i];
    }
  }

  /** The array's length, which generated code reads for {@code array.length}. */
  public int length() {
    return length;
  }

  @Override
  public int slotCount() {
    return length;
  }

  /**
   * The slots in order, each read as {@link #lvValue} reads it when the loop gets to it: a for-each
   * loop over a user-data array in the plain variant and the control path. Closures' logged and
   * replayed loops go through {@link ClosureLog#slots} and {@link Replay#slots}.
   */
  @Override
  public Iterator<T> iterator() {
    return new SlotIterator<>(length, this::lvValue);
  }

  /**
   * A Java array holding the slots, read as {@link #lvValue} reads them: what the plain variant and
   * the control path pass for the array to a call that copies it ({@code Arrays.stream(cells)},
   * {@code cells.clone()}). Its type is an array of the type the array was made with when it is
   * narrower than {@code component}, the erasure of the variable's element type, as a copy of the
   * Java array would have.
   */
  public T[] copyOf(Class<?> component) {
    return fill(this, component, this::lvValue);
  }

  /**
   * Stores into each slot the value {@code after} holds where it differs from {@code before}'s: a
   * JDK call that writes the array ({@code Arrays.sort(cells, order)}) ran on a {@link #copyOf}
   * ({@code after}) of the slots ({@code before}), in the plain variant and the control path.
   */
  public void writeBack(T[] before, T[] after) {
    writeBack(before, after, (value, i) -> soValue(i, value));
  }

  /** {@link #writeBack(Object[], Object[])} with each store made by {@code store}. */
  static <T> void writeBack(T[] before, T[] after, ObjIntConsumer<T> store) {
    for (int i = 0; i < after.length; i++) {
      if (after[i] != before[i]) {
        store.accept(after[i], i);
      }
    }
  }

  /**
   * {@link #copyOf} with each slot read by {@code read} (a plain read, a load, a replayed load).
   */
  @SuppressWarnings("unchecked")
  static <T> T[] fill(VersionedArray<T> array, Class<?> component, IntFunction<T> read) {
    T[] copy =
        (T[]) Array.newInstance(array.narrowed != null ? array.narrowed : component, array.length);
    for (int i = 0; i < copy.length; i++) {
      copy[i] = read.apply(i);
    }
    return copy;
  }

  /**
   * Acquire load of the newest value of slot {@code i} (plain variant); refused on a validator's
   * thread ({@link ValidatorThread}) unless the validator made the array.
   */
  @Override
  @SuppressWarnings("unchecked")
  public T lvValue(int i) {
    if (!validatorsOwn) {
      ValidatorThread.refuse("a plain read", this);
    }
    // The access checks the index against values.length, which is length.
    return (T) VALUES.getAcquire(values, i);
  }

  /**
   * The bounds check of every slot access: the application's loads, the versions its stores build,
   * and a validator's replay of both, which never touches the slots. One check, so that an index
   * out of range throws the same exception on both sides.
   */
  @Override
  public void checkSlot(int i) {
    if (i < 0 || i >= length) {
      throw new ArrayIndexOutOfBoundsException(
          "Index " + i + " out of bounds for length " + length);
    }
  }

  /**
   * Release store of a new value into slot {@code i} (plain variant); refused on a validator's
   * thread ({@link ValidatorThread}) unless the validator made the array.
   */
  @Override
  public void soValue(int i, T value) {
    if (!validatorsOwn) {
      ValidatorThread.refuse("a plain store", this);
    }
    checkStore(value);
    VALUES.setRelease(values, i, value);
  }

  @Override
  public void checkStore(Object value) {
    if (narrowed != null && value != null && !narrowed.isInstance(value)) {
      throw new ArrayStoreException(value.getClass().getName());
    }
  }
}
