package dev.orthrus.runtime.api;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A user-data handle that holds its mutable fields in place, as the vanilla object does, instead of
 * in a newest {@link Version} it points to (decision 0058).
 *
 * <p>The plain variant reads the fields themselves and writes them between {@link #beginStore} and
 * {@link #endStore}, which serialize stores on a sequence word and keep a checksum of the fields
 * beside them. A version is made only when a closure's log needs one: a logged load takes a
 * snapshot of the fields ({@link #currentVersion}, consistent by the sequence word, as a seqlock
 * read), and a logged store writes the fields of the version it logs. So a store publishes no new
 * object, and an execution nobody logs allocates nothing the vanilla code does not (a generated
 * constructor ends with {@link #firstStore}).
 *
 * <p>Subclasses declare the mutable fields, {@link #snapshotFields} and {@link #writeFields}; the
 * rest of the runtime sees a {@link VersionedObject}: {@link #lvVersion}, {@link #soVersion} and
 * {@link #casVersion} keep their meaning (the first makes a snapshot). Concurrent stores behave as
 * the out-of-place layout's do: a store of every field replaces them, one that keeps some fields
 * succeeds only if no other store came between its load and itself.
 */
public abstract class InPlaceObject<V extends Version> extends VersionedObject<V> {

  private static final long serialVersionUID = 1L;

  private static final VarHandle SEQUENCE;

  static {
    try {
      SEQUENCE = MethodHandles.lookup().findVarHandle(InPlaceObject.class, "sequence", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Even while no store is under way, odd during one; 0 until the constructor's first store. */
  @SuppressWarnings("unused") // accessed through SEQUENCE
  private transient int sequence;

  /** The checksum of the fields in place, written with them. */
  private transient int checksum;

  protected InPlaceObject() {}

  /**
   * A version holding the fields as they are in place and {@code checksum} as its checksum, without
   * computing it (the version's own {@link Version#seal(int)}). Called between two reads of the
   * sequence word; the version is dropped when a store came in between.
   */
  protected abstract V snapshotFields(int checksum);

  /** Writes the fields of {@code next} in place (plain stores; the sequence word orders them). */
  protected abstract void writeFields(V next);

  /**
   * The checksum of the fields as they are in place, as {@link Checksum#of} computes it for a
   * version of them. Called between two reads of the sequence word. Generated code computes it from
   * the fields themselves; this default makes a version to walk.
   */
  protected int checksumFields() {
    return Checksum.of(snapshotFields(0));
  }

  /**
   * Starts a plain store: waits for a store under way on another thread to end, then marks one
   * under way. Returns the token {@link #endStore} takes. Generated plain stores write the fields
   * between the two, as the vanilla code writes them.
   */
  protected final int beginStore() {
    while (true) {
      int s = (int) SEQUENCE.getOpaque(this);
      if ((s & 1) == 0 && SEQUENCE.compareAndSet(this, s, s + 1)) {
        return s;
      }
      Thread.onSpinWait();
    }
  }

  /** Ends a plain store begun by {@link #beginStore}; {@code checksum} covers the fields now. */
  protected final int endStore(int token, int checksum) {
    this.checksum = checksum;
    SEQUENCE.setRelease(this, token + 2);
    return token + 2;
  }

  /**
   * The store that ends the constructor of a subclass whose version extends its superclass's
   * (decision 0072): the superclass's constructor made the first store over its own fields, this
   * one puts the subclass's in with {@code checksum}, which covers them all.
   */
  protected final void extendFirstStore(int checksum) {
    if ((int) SEQUENCE.getAcquire(this) == 0) {
      throw new IllegalStateException("a subclass's store before its superclass's first store");
    }
    endStore(beginStore(), checksum);
  }

  /**
   * The constructor's first store, after it assigned every mutable field: what {@link #soVersion}
   * of a version of those fields does, without making the version. On a validator's thread it
   * reports the object as made there ({@link ValidatorThread}).
   */
  protected final void firstStore(int checksum) {
    if ((int) SEQUENCE.getAcquire(this) != 0) {
      throw new IllegalStateException("the first store of an object stored already");
    }
    if (ValidatorThread.isCurrent()) {
      ValidatorThread.made(this);
    }
    endStore(0, checksum);
  }

  @Override
  final V currentVersion() {
    while (true) {
      int s = (int) SEQUENCE.getAcquire(this);
      if ((s & 1) == 0) {
        V version = snapshotFields(checksum);
        VarHandle.acquireFence();
        if ((int) SEQUENCE.getOpaque(this) == s) {
          version.stamp = s;
          return version;
        }
      }
      Thread.onSpinWait();
    }
  }

  /**
   * True while the fields are still those of {@code version}, a version this object's {@link
   * #currentVersion} or {@link #publish} stamped: no store began since. A closure's log then
   * records that version again instead of a new snapshot of the same fields.
   */
  final boolean unchangedSince(Version version) {
    return (int) SEQUENCE.getAcquire(this) == version.stamp;
  }

  /**
   * {@link ControlPath#verify} of this object: checks the fields in place against their checksum
   * without making a version (the plain variant's control-path check, made on every execution).
   * Refused on a validator's thread as {@link #lvVersion} is.
   */
  final void verifyInPlace() {
    ValidatorThread.refuse("a plain read", this);
    while (true) {
      int s = (int) SEQUENCE.getAcquire(this);
      if ((s & 1) == 0) {
        int stored = checksum;
        int actual = checksumFields();
        V corrupted = actual == stored ? null : snapshotFields(stored);
        VarHandle.acquireFence();
        if ((int) SEQUENCE.getOpaque(this) == s) {
          if (corrupted != null) {
            throw new ChecksumMismatchException(corrupted, actual);
          }
          return;
        }
      }
      Thread.onSpinWait();
    }
  }

  @Override
  final boolean published() {
    return (int) SEQUENCE.getAcquire(this) != 0;
  }

  @Override
  final void publish(V next) {
    int token = beginStore();
    writeFields(next);
    next.stamp = endStore(token, next.checksum());
  }

  @Override
  final boolean publishIf(V expected, V next) {
    int token = beginStore();
    if (token != expected.stamp) {
      SEQUENCE.setRelease(this, token); // nothing written: the fields are still those of token
      return false;
    }
    writeFields(next);
    next.stamp = endStore(token, next.checksum());
    return true;
  }
}
