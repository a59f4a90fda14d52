package dev.orthrus.runtime.api;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The stable handle of a user-data object. Its identity never changes; its mutable fields live in
 * the newest {@link Version} it points to. Immutable ({@code final}) fields of the user's class
 * stay on the handle itself and need no versioning, and a handle may hold references to other user
 * data itself, as values ({@link ValueSlots}).
 *
 * <p>Layouts: this class keeps the newest version out of place and publishes a new one on every
 * store; {@link InPlaceObject} keeps the fields in place and makes a version only for a closure's
 * log (decision 0058). The rest of the runtime sees both through the methods below.
 *
 * <p>Memory ordering: versions are published with a release store and read with an acquire load, so
 * a reader that sees a version also sees all of its fields and its checksum.
 *
 * <p>Concurrent stores: a store that replaces every field publishes its version with a release
 * store; one that keeps some fields builds its version from the newest one and publishes it with a
 * compare-and-set, rebuilding from the newer version when another thread stored in between, so that
 * a store to one field never undoes a concurrent store to another (threads that each write their
 * own field of one object lose nothing, as in the vanilla code). Two stores racing on one field
 * behave like the vanilla code without locks (one of them wins). A logged store that had to rebuild
 * marks its execution as not validated ({@link ClosureLog#raced}), so a race can never look like
 * corruption.
 */
public abstract class VersionedObject<V extends Version> implements java.io.Serializable {

  private static final long serialVersionUID = 1L;

  private static final VarHandle VERSION;

  static {
    try {
      VERSION =
          MethodHandles.lookup().findVarHandle(VersionedObject.class, "version", Version.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @SuppressWarnings("unused") // accessed through VERSION
  // Transient: a reproducer file carries the logged versions, never the live object graph.
  private transient Version version;

  /** Subclass constructors create the first version and hand it to {@link #soVersion}. */
  protected VersionedObject() {}

  /**
   * Acquire load of the newest version (plain variant). Refused on a validator's thread ({@link
   * ValidatorThread}) unless the validator made the object.
   */
  public final V lvVersion() {
    ValidatorThread.refuse("a plain read", this);
    return currentVersion();
  }

  /** {@link #lvVersion()} for the runtime's own use, on any thread. */
  @SuppressWarnings("unchecked")
  V currentVersion() {
    return (V) VERSION.getAcquire(this);
  }

  /** True once the constructor published the first version. */
  boolean published() {
    return VERSION.getAcquire(this) != null;
  }

  /** Makes {@code next} the newest version, the checks of {@link #soVersion} done. */
  void publish(V next) {
    VERSION.setRelease(this, next);
  }

  /** Makes {@code next} the newest version if {@code expected} still is. */
  boolean publishIf(V expected, V next) {
    return VERSION.compareAndSet(this, expected, next);
  }

  /**
   * Release store of a new version. On a validator's thread only into an object the validator made:
   * the first store, from the constructor, reports the object as made there ({@link
   * ValidatorThread}).
   */
  public final void soVersion(V next) {
    if (next.owner() != this) {
      throw new IllegalArgumentException("version belongs to another object");
    }
    if (ValidatorThread.isCurrent()) {
      if (!published()) {
        ValidatorThread.made(this);
      } else {
        ValidatorThread.refuse("a plain store", this);
      }
    }
    publish(next);
  }

  /**
   * For a handle's held fields ({@link ValueSlots}): their plain reads and stores call these first,
   * so that a validator's thread refuses them as it refuses {@link #lvVersion} and {@link
   * #soVersion} on objects it did not make ({@link ValidatorThread}).
   */
  protected final void refusePlainRead() {
    ValidatorThread.refuse("a plain read", this);
  }

  /** See {@link #refusePlainRead}. */
  protected final void refusePlainStore() {
    ValidatorThread.refuse("a plain store", this);
  }

  /**
   * Publishes {@code next} only if {@code expected} is still the newest version (plain variant: a
   * store that keeps the fields it does not write retries when another thread stored in between).
   * Refused on a validator's thread as {@link #soVersion} is.
   */
  public final boolean casVersion(V expected, V next) {
    ValidatorThread.refuse("a plain store", this);
    return compareAndSetVersion(expected, next);
  }

  /** {@link #casVersion} for the runtime's own use, on any thread. */
  final boolean compareAndSetVersion(V expected, V next) {
    if (next.owner() != this) {
      throw new IllegalArgumentException("version belongs to another object");
    }
    return publishIf(expected, next);
  }
}
