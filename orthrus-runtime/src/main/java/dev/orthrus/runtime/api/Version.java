package dev.orthrus.runtime.api;

/**
 * An immutable snapshot of one user-data object's mutable fields.
 *
 * <p>Generated code declares one subclass per user-data type with {@code final} fields, a
 * constructor that assigns them and ends with {@link #seal()}, and {@link #fields}. A version is
 * never changed after it is published: a store builds a new version out of place. Old versions are
 * referenced only from closure logs that have not been validated yet, so the garbage collector
 * reclaims them once those logs are recycled.
 */
public abstract class Version implements java.io.Serializable {

  private static final long serialVersionUID = 1L;

  /** The handle (or versioned array) this is a version of. */
  private final Object owner;

  /**
   * Checksum of the fields, set once by {@link #seal()} in the subclass constructor. Not final
   * because the fields it covers are assigned after this class's constructor ran; the release store
   * that publishes the version makes it visible together with them.
   */
  private int checksum;

  /**
   * For a version of an {@link InPlaceObject}: the object's sequence word when its fields were
   * those of this version (read by a snapshot, or written by a store). A store that keeps the
   * fields it does not write succeeds only if the object still holds them; a closure's load finds
   * its own store by it.
   */
  transient int stamp;

  protected Version(Object owner) {
    if (owner == null) {
      throw new IllegalArgumentException("a version needs the object it belongs to");
    }
    this.owner = owner;
  }

  /** Emits every field in declaration order. */
  public abstract void fields(FieldSink sink);

  /** Generated subclasses call this as the last statement of their constructor. */
  protected final void seal() {
    this.checksum = Checksum.of(this);
  }

  /**
   * Like {@link #seal()} with a checksum the generated constructor computed inline with {@link
   * Checksum#bits} and {@link Checksum#ref}, which saves the visitor on the store path. It must
   * equal what {@link Checksum#of} computes; tests of generated code check that.
   */
  protected final void seal(int precomputed) {
    this.checksum = precomputed;
  }

  public final Object owner() {
    return owner;
  }

  public final int checksum() {
    return checksum;
  }

  /** True when the fields still match the checksum taken when the version was created. */
  public final boolean checksumValid() {
    return Checksum.of(this) == checksum;
  }

  /**
   * Bytes of the primitive arrays this version's fields hold, which a pending log that references
   * the version keeps alive after the object moved on to other arrays (a copy-on-write buffer
   * replaced at every store). Generated versions with such fields override it; the closure log
   * counts it against the memory budget.
   */
  public long arrayBytes() {
    return 0;
  }

  /** The slot within {@link #owner()} for array slots, -1 for objects. */
  public int slot() {
    return -1;
  }
}
