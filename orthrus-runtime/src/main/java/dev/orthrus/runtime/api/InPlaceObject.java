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
      SEQUENCE = MethodHandles.lookup().findVarHandle(InPlaceObject.class, "sequence$", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * Even while no store is under way, odd during one; 0 until the constructor's first store.
   * Accessed through {@link #SEQUENCE}, but for one plain write: a store cut short by an error (a
   * {@link StackOverflowError} in the call that would end it) sets it to {@link #ABANDONED} from
   * its handler, where a further call could fail the same way; volatile, so that the write is
   * ordered after the store's own.
   */
  protected transient volatile int sequence$;

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
   * Computes again the kept hash of each array or string field from the field. Generated code
   * overrides it where a class keeps such hashes (decision 0064); called when the object is sealed.
   */
  protected void rehashFields() {}

  /**
   * The checksum of the fields in place right after {@link #rehashFields}: what {@link
   * #checksumFields} computes, from the kept hashes where the class keeps them (generated code
   * overrides it there, so that sealing hashes each array once).
   */
  protected int sealedChecksum() {
    return checksumFields();
  }

  /**
   * Seals the fields as they are (kept hashes, checksum, sequence word), when the object is not
   * sealed yet: at its first use by a logged load, a control-path check or a store (decision 0085).
   * Until then its constructor, or whatever made it without one (Java serialization, a JSON
   * library, {@code Unsafe.allocateInstance}), may have set the fields in any way.
   */
  private void adopt(int sequence) {
    if (SEQUENCE.compareAndSet(this, sequence, 1)) {
      try {
        rehashFields();
        endStore(0, sealedChecksum());
      } catch (Throwable e) {
        sequence$ = ABANDONED;
        throw e;
      }
      if ((int) SEQUENCE.getAcquire(this) == 1) {
        // endStore did not run: stores and loads would wait for the sequence word for ever.
        SEQUENCE.setRelease(this, sequence);
        throw intercepted();
      }
    }
  }

  /**
   * Made without a constructor (Java serialization, {@code Unsafe.allocateInstance}) and not used
   * yet: no store, load or check has sealed it.
   */
  final boolean madeWithoutConstructor() {
    return (int) SEQUENCE.getAcquire(this) == 0;
  }

  /**
   * The object's generated methods (and the final ones of this class) do not run: a mock maker
   * intercepts them (Mockito's {@code mock(Item.class)} makes the object without a constructor and
   * answers every method with a default), so its fields can be neither sealed, read nor checked.
   */
  private IllegalStateException intercepted() {
    return new InterceptedUserDataException(
        "the user-data object of "
            + getClass().getName()
            + " does not run the methods Orthrus generated for it: a mock intercepts them"
            + " (Mockito's mock()?), so closures can neither read nor check its fields. Give"
            + " closures a real object; a spy of one runs them too, but closures call the"
            + " generated variants of its methods, which stubs of the spy do not cover");
  }

  /**
   * Starts a plain store: waits for a store under way on another thread to end, then marks one
   * under way. Returns the token {@link #endStore} takes. Generated plain stores write the fields
   * between the two, as the vanilla code writes them.
   */
  protected final int beginStore() {
    while (true) {
      int s = (int) SEQUENCE.getOpaque(this);
      if (unsealed(s)) {
        // The fields as they are become the first store, then this one follows.
        adopt(s);
        continue;
      }
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
   * Ends the constructor of a subclass whose version extends its superclass's (decision 0072),
   * after it assigned its own fields. The first use seals every level's fields at once; but a store
   * to an inherited field in the constructor sealed the object before this class's fields were
   * assigned, and then they are sealed again here.
   */
  protected final void extendFirstStore() {
    if (unsealed((int) SEQUENCE.getAcquire(this))) {
      return;
    }
    int token = beginStore();
    try {
      rehashFields();
      endStore(token, sealedChecksum());
    } catch (Throwable e) {
      sequence$ = ABANDONED;
      throw e;
    }
  }

  /**
   * The constructor's first store, after it assigned every mutable field. On a validator's thread
   * it reports the object as made there ({@link ValidatorThread}). The fields are sealed (checksum
   * and sequence word) at the object's first use instead, by {@link #adopt}: a program may still
   * set them after the constructor returns without a store of its own (a JSON library that makes
   * the object with its no-argument constructor, then sets its fields by reflection), and the first
   * check would report that as corruption (decision 0085).
   */
  protected final void firstStore() {
    if (ValidatorThread.isCurrent()) {
      ValidatorThread.made(this);
    }
    SEQUENCE.setRelease(this, UNSEALED);
  }

  /**
   * The sequence word of an object whose constructor ran but that is not sealed yet. Even, as a
   * sequence word with no store under way is; 0 is an object made without its constructor.
   */
  private static final int UNSEALED = Integer.MIN_VALUE;

  /**
   * What a store that an error cut short between {@link #beginStore} and {@link #endStore} leaves
   * in the sequence word, instead of an odd value that every later store and load would wait on for
   * ever: the object counts as not sealed, and its next use seals it from its fields as they are
   * ({@link #adopt}), so their checksum covers whatever the store wrote before it stopped.
   * Generated store helpers write it from their handler.
   */
  protected static final int ABANDONED = UNSEALED;

  /** True while the object has not been sealed ({@link #adopt}). */
  private static boolean unsealed(int sequence) {
    return sequence == 0 || sequence == UNSEALED;
  }

  @Override
  final V currentVersion() {
    while (true) {
      int s = (int) SEQUENCE.getAcquire(this);
      if (unsealed(s)) {
        adopt(s);
        continue;
      }
      if ((s & 1) == 0) {
        V version = snapshotFields(checksum);
        if (version == null) {
          throw intercepted();
        }
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
      if (unsealed(s)) {
        adopt(s);
        continue;
      }
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
    try {
      writeFields(next);
      next.stamp = endStore(token, next.checksum());
    } catch (Throwable e) {
      sequence$ = ABANDONED;
      throw e;
    }
  }

  @Override
  final boolean publishIf(V expected, V next) {
    int token = beginStore();
    try {
      if (token != expected.stamp) {
        SEQUENCE.setRelease(this, token); // nothing written: the fields are still those of token
        return false;
      }
      writeFields(next);
      next.stamp = endStore(token, next.checksum());
      return true;
    } catch (Throwable e) {
      sequence$ = ABANDONED;
      throw e;
    }
  }
}
