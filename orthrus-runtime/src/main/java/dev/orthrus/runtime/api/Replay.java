package dev.orthrus.runtime.api;

import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * The VAL variant's view of memory while it re-executes one log.
 *
 * <p>Loads consume the logged versions in order: the object asked for must be the one APP loaded at
 * that point (else {@link Divergence}), and the value returned is the logged version, or this
 * validator's own counterpart when APP had created that version itself earlier in the same
 * execution. Stores and allocations go to a private list (the validator's heap) and are never
 * published, so a validator never writes shared state. Objects VAL allocates in the closure's code
 * are matched to APP's allocations by allocation order. Objects VAL makes elsewhere (a
 * constructor's own new objects and arrays, an array a closure creates) are paired with APP's at
 * their first access, where the log says which APP object the same access reached (decision 0046).
 *
 * <p>One instance per validator, reused for every log.
 */
public final class Replay {

  private UninstrumentedAccess refused;
  private ClosureLog log;
  private int loadCursor;
  private int nondetBitsCursor;
  private int nondetRefCursor;

  private Version[] created = new Version[8];
  private int createdCount;
  private Object[] allocated = new Object[4];
  private int allocatedCount;

  /**
   * The objects this replay made on its validator's thread, in order, and the APP object each
   * stands for once an access paired them (null until then). Beyond {@link #INDEXED} of them,
   * lookups go through the two identity maps.
   */
  private Object[] made = new Object[8];

  private Object[] madeFor = new Object[8];
  private int madeCount;
  private IdentityHashMap<Object, Integer> madeIndex;
  private IdentityHashMap<Object, Object> pairedApp;

  /**
   * Where each of APP's created versions is among them, for an execution that created {@link
   * ClosureLog#INDEXED} or more (null until a load needs it): each load looks its version up there.
   */
  private IdentityHashMap<Version, Integer> appCreatedAt;

  /** Where each of VAL's allocations is among them, beyond {@link #INDEXED} of them. */
  private IdentityHashMap<Object, Integer> allocatedAt;

  /** APP's allocations, when there are {@link #INDEXED} or more (null until needed). */
  private Set<Object> appAllocated;

  private static final int INDEXED = 32;

  /** While above zero, a comparison only tries a pairing and does not keep it. */
  private int tentative;

  private ResultKind resultKind = ResultKind.NONE;
  private long resultBits;
  private Object resultRef;

  /**
   * VAL's value of a recorded call that declares the checked exception {@code E} ({@code
   * DF.parse(s)} on a shared {@code SimpleDateFormat}): VAL takes the value from the log and never
   * throws, but says it may, so that the closure's {@code catch (ParseException e)} around the call
   * compiles as in the source. Generated code names {@code E}: {@code
   * Replay.<java.text.ParseException>mayThrowRef(replay.nondetRef(DF, s))}.
   */
  public static <E extends Exception> Object mayThrowRef(Object value) throws E {
    return value;
  }

  /** {@link #mayThrowRef} of a recorded primitive value. */
  public static <E extends Exception> long mayThrowBits(long value) throws E {
    return value;
  }

  /** The implementations of the sources' types this re-execution made. */
  private final MadeImplementations implementations = new MadeImplementations();

  /** {@link ClosureLog#madeImplementation}: VAL's own lambda or anonymous object. */
  public <T> T madeImplementation(T implementation) {
    implementations.add(implementation);
    return implementation;
  }

  /** Whether this re-execution made {@code implementation} ({@link #madeImplementation}). */
  public boolean ownImplementation(Object implementation) {
    return implementations.contains(implementation);
  }

  /** Validator side: starts the replay of {@code log}. */
  public void reset(ClosureLog log) {
    this.log = log;
    implementations.clear();
    loadCursor = nondetBitsCursor = nondetRefCursor = 0;
    Arrays.fill(created, 0, createdCount, null);
    Arrays.fill(allocated, 0, allocatedCount, null);
    Arrays.fill(made, 0, madeCount, null);
    Arrays.fill(madeFor, 0, madeCount, null);
    createdCount = allocatedCount = madeCount = tentative = 0;
    madeIndex = null;
    pairedApp = null;
    appCreatedAt = null;
    allocatedAt = null;
    appAllocated = null;
    refused = null;
    ValidatorThread.replaying(this);
    resultKind = ResultKind.NONE;
    resultBits = 0;
    resultRef = null;
  }

  /** The log being replayed; ValClosure implementations read receiver and arguments from it. */
  public ClosureLog log() {
    return log;
  }

  @SuppressWarnings("unchecked")
  public <V extends Version> V load(VersionedObject<V> object) {
    // APP's load failed here without recording anything: fail alike, before consuming a load.
    Objects.requireNonNull(object, ClosureLog.NULL_REFERENCE);
    Version logged = nextLoad();
    if (logged.slot() != -1 || !standsFor(object, logged.owner())) {
      throw new Divergence(
          MismatchKind.LOAD_DIVERGED,
          "the paths diverged at user-data read #"
              + (loadCursor - 1)
              + ": the re-execution read "
              + describe(appIdentity(object))
              + ", the application "
              + describe(logged.owner())
              + slotSuffix(logged));
    }
    return (V) resolve(logged);
  }

  /** APP's {@link ClosureLog#lastLoadRepeats} for the load replayed last. */
  boolean lastLoadRepeats() {
    return loadCursor > 0 && log.repeatsEarlierLoad(loadCursor - 1);
  }

  /** VAL's {@link ClosureLog#slots}: each step replays the load of the next slot. */
  public <T> Iterable<T> slots(VersionedArray<T> array) {
    Objects.requireNonNull(array, ClosureLog.NULL_REFERENCE);
    return () -> new SlotIterator<>(array.length(), i -> loadSlot(array, i).value());
  }

  /** VAL's {@link ClosureLog#copyOf}: each slot's load replayed. */
  public <T> T[] copyOf(VersionedArray<T> array, Class<?> component) {
    Objects.requireNonNull(array, ClosureLog.NULL_REFERENCE);
    return VersionedArray.fill(array, component, i -> loadSlot(array, i).value());
  }

  /** VAL's {@link ClosureLog#writeBack}: each store replayed. */
  public <T> void writeBack(VersionedArray<T> array, T[] before, T[] after) {
    VersionedArray.writeBack(before, after, (value, i) -> storeSlot(array, i, value));
  }

  @SuppressWarnings("unchecked")
  public <T> SlotVersion<T> loadSlot(ValueSlots<T> slots, int slot) {
    Objects.requireNonNull(slots, ClosureLog.NULL_REFERENCE).checkSlot(slot);
    Version logged = nextLoad();
    if (logged.slot() != slot || !standsFor(slots, logged.owner())) {
      throw new Divergence(
          MismatchKind.LOAD_DIVERGED,
          "the paths diverged at user-data read #"
              + (loadCursor - 1)
              + ": the re-execution read slot "
              + slot
              + " of "
              + describe(appIdentity(slots))
              + ", the application "
              + describe(logged.owner())
              + slotSuffix(logged));
    }
    return (SlotVersion<T>) resolve(logged);
  }

  /**
   * A store: recorded privately, never published to the application's objects. An object this
   * replay made is its own, and takes the store in place too, so that code run as written that
   * reads it afterwards (an exception's or a record's constructor given a receipt the closure
   * filled) reads what VAL stored, as that code reads what APP stored in APP.
   */
  public <V extends Version> void store(VersionedObject<V> object, V next) {
    Objects.requireNonNull(object, ClosureLog.NULL_REFERENCE);
    if (next.owner() != object) {
      throw new IllegalArgumentException("version belongs to another object");
    }
    addCreated(next);
    if (madeHere(object)) {
      object.publish(next);
    }
  }

  /**
   * {@code slots[slot] = value} as generated code writes it, as {@link
   * ClosureLog#storeSlot(ValueSlots, int, Object)}.
   */
  public <T> T storeSlot(ValueSlots<T> slots, int slot, T value) {
    Objects.requireNonNull(slots, ClosureLog.NULL_REFERENCE).checkSlot(slot);
    slots.checkStore(value);
    storeSlot(slots, new SlotVersion<>(slots, slot, value));
    return value;
  }

  /** A slot's store, kept as {@link #store} keeps one: in place too in an object made here. */
  public <T> void storeSlot(ValueSlots<T> slots, SlotVersion<T> next) {
    Objects.requireNonNull(slots, ClosureLog.NULL_REFERENCE);
    if (next.owner() != slots) {
      throw new IllegalArgumentException("slot version belongs to another object");
    }
    addCreated(next);
    if (madeHere(slots)) {
      slots.soValue(next.slot(), next.value());
    }
  }

  /**
   * An allocation in the validator's private heap; its first version and held fields (or an
   * initialized array's slots) count as created, as in {@link ClosureLog#allocate}.
   */
  public <O> O allocate(O object) {
    if (object instanceof VersionedObject<?>) {
      if (allocatedCount == allocated.length) {
        allocated = Arrays.copyOf(allocated, allocatedCount * 2);
      }
      allocated[allocatedCount] = object;
      allocatedAt = indexed(allocatedAt, allocated, allocatedCount++);
      addCreated(((VersionedObject<?>) object).currentVersion());
    } else if (!(object instanceof VersionedArray<?>)) {
      return object;
    }
    if (object instanceof ValueSlots<?>) {
      ValueSlots<?> held = (ValueSlots<?>) object;
      for (int i = 0; i < held.slotCount(); i++) {
        addCreated(SlotVersion.of(held, i));
      }
    }
    return object;
  }

  /**
   * The next recorded result of a call whose arguments VAL evaluates as APP did before the call
   * (they may load user data), without making the call: the arguments are otherwise unused.
   */
  public long nondetBits(Object... arguments) {
    return nondetBits();
  }

  /**
   * {@link #nondetRef()} after evaluating the call's arguments, as {@link #nondetBits(Object...)}.
   */
  public <T> T nondetRef(Object... arguments) {
    return nondetRef();
  }

  /**
   * The copy of a collection APP iterated ({@link ClosureLog#snapshot(Collection)}), taken from the
   * log after VAL evaluated the collection's expression as APP did; the live collection, which the
   * control path may have changed since, is not read. A null one throws as APP's did.
   */
  public <T> List<T> snapshot(Collection<T> collection) {
    Objects.requireNonNull(collection);
    return loggedSnapshot(List.class);
  }

  /** {@link #snapshot(Collection)} of an iterable that is not a collection. */
  public <T> List<T> snapshot(Iterable<T> iterable) {
    Objects.requireNonNull(iterable);
    return loggedSnapshot(List.class);
  }

  /** {@link #snapshot(Collection)} of a map ({@link ClosureLog#snapshot(Map)}). */
  public <K, V> Map<K, V> snapshot(Map<K, V> map) {
    Objects.requireNonNull(map);
    return loggedSnapshot(Map.class);
  }

  /** {@link ClosureLog#snapshotArray}: APP's copy, after VAL evaluated the array as APP did. */
  public <A> A snapshotArray(A array) {
    return loggedSnapshot(Objects.requireNonNull(array).getClass());
  }

  @SuppressWarnings("unchecked")
  private <S> S loggedSnapshot(Class<?> kind) {
    Object logged = nondetRef();
    if (!kind.isInstance(logged)) {
      throw new Divergence(
          MismatchKind.NONDETERMINISM,
          "VAL iterated a "
              + kind.getSimpleName()
              + " where APP recorded "
              + (logged == null ? "null" : logged.getClass().getName()));
    }
    return (S) logged;
  }

  public long nondetBits() {
    if (nondetBitsCursor >= log.nondetBitsCount()) {
      throw new Divergence(
          MismatchKind.NONDETERMINISM,
          "VAL made more non-deterministic calls than the " + log.nondetBitsCount() + " APP made");
    }
    return log.nondetBitsAt(nondetBitsCursor++);
  }

  /**
   * The closure caught {@code e}: every catch clause of a VAL variant calls this first. VAL's own
   * {@link Divergence} and an error of the machine ({@link MachineErrors}) go on up whatever the
   * program catches ({@code catch (Throwable t)}), so that the validator sees them.
   */
  public void caught(Throwable e) {
    if (e instanceof Divergence || MachineErrors.in(e)) {
      if (e instanceof Error error) {
        throw error;
      }
      if (e instanceof RuntimeException unchecked) {
        throw unchecked;
      }
    }
  }

  /**
   * {@code Double.doubleToRawLongBits(value)} in a closure: APP's bits where VAL's value is a NaN
   * too ({@link ClosureLog#rawDoubleBits}), else VAL's own.
   */
  public long rawDoubleBits(double value) {
    return Double.isNaN(value) ? nondetBits() : Double.doubleToRawLongBits(value);
  }

  /** {@code Float.floatToRawIntBits(value)} in a closure, as {@link #rawDoubleBits}. */
  public int rawFloatBits(float value) {
    return Float.isNaN(value) ? (int) nondetBits() : Float.floatToRawIntBits(value);
  }

  @SuppressWarnings("unchecked")
  public <T> T nondetRef() {
    if (nondetRefCursor >= log.nondetRefCount()) {
      throw new Divergence(
          MismatchKind.NONDETERMINISM,
          "VAL made more non-deterministic calls than the " + log.nondetRefCount() + " APP made");
    }
    return (T) log.nondetRefAt(nondetRefCursor++);
  }

  public void returnBits(long bits) {
    resultKind = ResultKind.BITS;
    resultBits = bits;
  }

  public void returnRef(Object value) {
    resultKind = ResultKind.REF;
    resultRef = value;
  }

  public void returnVoid() {
    resultKind = ResultKind.VOID;
  }

  /** Validator side: VAL threw {@code thrown} out of the closure. */
  public void threw(Throwable thrown) {
    resultKind = ResultKind.THROWN;
    resultRef = thrown;
  }

  // ---- read side: the validator compares these with the log ----

  public ResultKind resultKind() {
    return resultKind;
  }

  public long resultBits() {
    return resultBits;
  }

  public Object resultRef() {
    return resultRef;
  }

  public int createdCount() {
    return createdCount;
  }

  public Version created(int i) {
    return created[i];
  }

  public int allocatedCount() {
    return allocatedCount;
  }

  public int loadsConsumed() {
    return loadCursor;
  }

  public int nondetBitsConsumed() {
    return nondetBitsCursor;
  }

  public int nondetRefsConsumed() {
    return nondetRefCursor;
  }

  /**
   * The APP object that VAL's {@code object} stands for: APP's k-th allocation for VAL's k-th, the
   * APP object a made object was paired with, else {@code object} itself.
   */
  public Object appIdentity(Object object) {
    int k = indexOf(object, allocated, allocatedCount, allocatedAt);
    if (k >= 0) {
      if (k >= log.allocatedCount()) {
        throw new Divergence(
            MismatchKind.ALLOCATION,
            "VAL allocated object #" + k + " but APP allocated only " + log.allocatedCount());
      }
      return log.allocated(k);
    }
    int i = madeIndexOf(object);
    return i >= 0 && madeFor[i] != null ? madeFor[i] : object;
  }

  /**
   * Whether VAL's {@code object} stands for APP's {@code app}: {@link #appIdentity} says so, or
   * {@code object} is one VAL made and not yet paired, {@code app} is of the same class (and
   * length) and no other VAL object stands for it, and the two are paired from now on (only tried,
   * not kept, inside {@link #tentatively}).
   */
  public boolean standsFor(Object object, Object app) {
    if (object == app) {
      // The same object: one APP reached too (VAL's own objects are never in the log).
      return true;
    }
    Object identity = appIdentity(object);
    if (identity == app) {
      return true;
    }
    if (identity != object || app == null || !pairable(object, app)) {
      return false;
    }
    int i = madeIndexOf(object);
    if (i < 0 && object instanceof InPlaceObject<?> fresh && fresh.madeWithoutConstructor()) {
      // A copy the re-execution deserialized, which no constructor reported (firstStore): no
      // application object is both made without one and never used (its first use seals it).
      i = madeCount;
      made(object);
    }
    if (i < 0 || isPaired(app)) {
      return false;
    }
    if (tentative == 0) {
      madeFor[i] = app;
      if (pairedApp != null) {
        pairedApp.put(app, object);
      }
    }
    return true;
  }

  /** Runs a comparison that may fail and be retried another way: pairings are tried, not kept. */
  public boolean tentatively(BooleanSupplier comparison) {
    tentative++;
    try {
      return comparison.getAsBoolean();
    } finally {
      tentative--;
    }
  }

  /**
   * Stops the re-execution where the closure hands a shared object (a mutable JDK object of the
   * program's control path) to code that reads it where the log records nothing: a method of the
   * program ({@code total(tags)}), a method of an object the closure owns ({@code
   * sb.append(tags)}), a method reference ({@code audit::add}). The application's object may have
   * changed since APP ran, so reading it could report a healthy core; the execution counts as not
   * validated instead, naming the place (decision 0055). Null is returned as it is: nothing live to
   * read.
   */
  public <T> T unrecorded(T value, String use) {
    if (CallerValues.unchangeable(value)) {
      return value;
    }
    UninstrumentedAccess stop = UninstrumentedAccess.unrecordedShared(use, value);
    refused(stop);
    throw stop;
  }

  /**
   * The first plain access this replay's thread refused ({@link ValidatorThread#refuse}), or null:
   * the execution reached code the rewriter did not instrument, even if that code caught the error
   * ({@code catch (Throwable t)}) and went on.
   */
  public UninstrumentedAccess refused() {
    return refused;
  }

  void refused(UninstrumentedAccess access) {
    if (refused == null) {
      refused = access;
    }
  }

  /** Whether {@code object} was made by this replay on its validator's thread. */
  boolean madeHere(Object object) {
    return madeIndexOf(object) >= 0;
  }

  /** {@link ValidatorThread#made}: this replay made {@code object}. */
  void made(Object object) {
    if (madeCount == made.length) {
      made = Arrays.copyOf(made, madeCount * 2);
      madeFor = Arrays.copyOf(madeFor, madeCount * 2);
    }
    made[madeCount] = object;
    if (madeIndex == null && madeCount == INDEXED) {
      pairedApp = new IdentityHashMap<>();
      for (int i = 0; i < madeCount; i++) {
        if (madeFor[i] != null) {
          pairedApp.put(madeFor[i], made[i]);
        }
      }
    }
    madeIndex = indexed(madeIndex, made, madeCount++);
  }

  /**
   * {@code index} with {@code items[at]}, the newest item, added; made over all of them when {@code
   * at} reaches {@link #INDEXED}, and null below: a few items are found faster by a scan.
   */
  private static IdentityHashMap<Object, Integer> indexed(
      IdentityHashMap<Object, Integer> index, Object[] items, int at) {
    if (index != null) {
      index.put(items[at], at);
      return index;
    }
    if (at < INDEXED) {
      return null;
    }
    IdentityHashMap<Object, Integer> made = new IdentityHashMap<>();
    for (int i = 0; i <= at; i++) {
      made.put(items[i], i);
    }
    return made;
  }

  /** Where {@code object} is among the first {@code count} {@code items} ({@link #indexed}). */
  private static int indexOf(
      Object object, Object[] items, int count, IdentityHashMap<Object, Integer> index) {
    if (index != null) {
      Integer i = index.get(object);
      return i == null ? -1 : i;
    }
    for (int i = count - 1; i >= 0; i--) {
      if (items[i] == object) {
        return i;
      }
    }
    return -1;
  }

  private int madeIndexOf(Object object) {
    return indexOf(object, made, madeCount, madeIndex);
  }

  /** Whether some VAL object already stands for APP's {@code app}. */
  private boolean isPaired(Object app) {
    int appAllocations = log.allocatedCount();
    if (appAllocations >= INDEXED) {
      if (appAllocated == null) {
        appAllocated = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int k = 0; k < appAllocations; k++) {
          appAllocated.add(log.allocated(k));
        }
      }
      if (appAllocated.contains(app)) {
        return true;
      }
    } else {
      for (int k = 0; k < appAllocations; k++) {
        if (log.allocated(k) == app) {
          return true;
        }
      }
    }
    if (pairedApp != null) {
      return pairedApp.containsKey(app);
    }
    for (int i = 0; i < madeCount; i++) {
      if (madeFor[i] == app) {
        return true;
      }
    }
    return false;
  }

  private static boolean pairable(Object object, Object app) {
    return object.getClass() == app.getClass()
        && (!(object instanceof ValueSlots<?>)
            || ((ValueSlots<?>) object).slotCount() == ((ValueSlots<?>) app).slotCount());
  }

  private Version nextLoad() {
    if (loadCursor >= log.loadCount()) {
      throw new Divergence(
          MismatchKind.LOAD_DIVERGED,
          "VAL made more loads than the " + log.loadCount() + " APP made");
    }
    return log.loaded(loadCursor++);
  }

  /**
   * A version APP created in this execution stands for VAL's version at the same position; anything
   * else (another thread's version) is served as logged.
   */
  private Version resolve(Version logged) {
    int appCreated = log.createdCount();
    if (appCreated == 0) {
      return logged;
    }
    if (appCreated >= ClosureLog.INDEXED) {
      if (appCreatedAt == null) {
        appCreatedAt = new IdentityHashMap<>();
        for (int j = 0; j < appCreated; j++) {
          appCreatedAt.put(log.created(j), j);
        }
      }
      Integer j = appCreatedAt.get(logged);
      return j == null ? logged : createdFor(j);
    }
    for (int j = appCreated - 1; j >= 0; j--) {
      if (log.created(j) == logged) {
        return createdFor(j);
      }
    }
    return logged;
  }

  /** VAL's version at position {@code j} of APP's created ones, which APP read back. */
  private Version createdFor(int j) {
    if (j >= createdCount) {
      throw new Divergence(
          MismatchKind.STORE,
          "APP read its store #" + j + " which VAL has not made (VAL made " + createdCount + ")");
    }
    return created[j];
  }

  private void addCreated(Version version) {
    if (createdCount == created.length) {
      created = Arrays.copyOf(created, createdCount * 2);
    }
    created[createdCount++] = version;
  }

  private static String slotSuffix(Version v) {
    return v.slot() >= 0 ? " slot " + v.slot() : "";
  }

  /**
   * Class (for a user-data array, its length) and identity hash (hex, as {@code Object.toString};
   * comparisons of texts strip it).
   */
  public static String describe(Object o) {
    if (o == null) {
      return "null";
    }
    String id = "@" + Integer.toHexString(System.identityHashCode(o));
    return o instanceof VersionedArray<?> a
        ? "a user-data array of " + a.length() + id
        : o.getClass().getSimpleName() + id;
  }
}
