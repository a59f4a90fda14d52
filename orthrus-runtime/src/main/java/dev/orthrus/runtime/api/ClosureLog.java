package dev.orthrus.runtime.api;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything a validator needs to re-execute one APP execution of a closure: closure, caller,
 * receiver and arguments, the versions loaded in order, the versions and objects created, results
 * of non-deterministic calls, and how the execution ended, plus the APP thread and CPU.
 *
 * <p>The APP-variant methods ({@link #load}, {@link #store}, {@link #allocate}, ...) both perform
 * the memory operation and record it, so generated code makes one call per access. A log belongs to
 * one application thread's ring, is filled by that thread only, handed to a validator through a
 * single-producer queue (which orders the plain writes here before the validator's reads) and
 * handed back to the ring after validation. Recycling clears every reference, so old versions
 * become garbage as soon as no pending log holds them.
 */
public final class ClosureLog {

  /** Loads or stores beyond this many make the log too big to keep; it is dropped. */
  public static final int MAX_ENTRIES = 1 << 20;

  /**
   * A recorded-entry array grown beyond this many slots is replaced by a fresh small one when the
   * log is handed back, so an execution that made many loads does not leave its ring slot holding a
   * large array for ever (decision 0014). Smaller grown arrays stay, and count against the memory
   * budget while their log is pending ({@link #estimatedBytes}).
   */
  static final int SHRINK_ABOVE = 256;

  /**
   * How many of the execution's latest loads a load of an object or slot looks through for one of
   * the same, whose version it may record again (decision 0059).
   */
  private static final int RECENT_LOADS = 8;

  /** Created versions beyond which their newest per slot are indexed ({@link NewestVersions}). */
  static final int INDEXED = 32;

  private static final int LOADS = 16;
  private static final int CREATED = 8;
  private static final int ALLOCATED = 4;
  private static final int NONDET = 2;

  private static final VarHandle STATE;

  static {
    try {
      STATE = MethodHandles.lookup().findVarHandle(ClosureLog.class, "state", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * Life cycle of a log in its thread's ring: FREE (cleared) -> FILLING (APP runs) -> PUBLISHED
   * (queued or being validated) -> VALIDATED (a validator is done; the owner clears it when the
   * ring comes round). Only the transition to VALIDATED is made by another thread.
   */
  static final int FREE = 0;

  static final int FILLING = 1;
  static final int PUBLISHED = 2;
  static final int VALIDATED = 3;

  /**
   * Taken, and still FILLING when its thread's ring came round to it again: an error escaped
   * between taking and publishing it (a {@link StackOverflowError} in a recursion that calls
   * closures, met in the runtime's own code), or, far less likely, its execution is still running
   * and callbacks from it took a whole window of logs since. Its slot gets a new log, so that the
   * thread goes on logging; this one is dropped if it is ever published ({@link
   * AppThread#takeLog}).
   */
  static final int REVOKED = 4;

  /** {@link #publishNanos()} of a log published without reading the clock. */
  public static final long UNTIMED = Long.MIN_VALUE;

  /** Verdicts, written by the validator; strict callers wait for a non-pending one. */
  public static final int PENDING = 0;

  public static final int CONFIRMED = 1;
  public static final int DIVERGED = 2;
  public static final int NOT_VALIDATED = 3;

  private final AppThread home;

  /** This log's position in its home's ring: what the queue carries instead of the log. */
  private final int ringIndex;

  private ClosureBinding binding;
  private int callerId;
  private boolean strict;
  private boolean overflowed;
  private boolean raced;
  private boolean caughtMachineError;

  /**
   * The method whose implementation out of the rewriter's sight ({@link #answerOutOfSight}) made
   * the execution one that cannot be validated, or null.
   */
  private String outOfSight;

  /** The closure's object was a mock or a spy ({@link #interceptedReceiver()}). */
  private boolean interceptedReceiver;

  /**
   * The execution called a method handle, a var handle or a reflective method ({@link #handle}).
   */
  private boolean calledHandle;

  /**
   * The stubs only the application's thread saw when it published this log ({@link ThreadMocks}).
   */
  private String threadMocks;

  /**
   * The implementations of the sources' types this execution made ({@link #madeImplementation}).
   */
  private final MadeImplementations implementations = new MadeImplementations();

  private Object receiver;

  private Object[] refArgs = new Object[4];

  /** The caller's arrays whose copies are in refArgs, at the same index: a repeat is one copy. */
  private Object[] passedArrays = new Object[4];

  private long[] bitsArgs = new long[4];
  private int refArgCount;
  private int bitsArgCount;

  /**
   * Arguments and the result the log keeps by reference although the caller may change them ({@link
   * CallerValues}): whether there are any, and the fingerprint of their contents at the call
   * (arguments) and at the return (result); unfingerprinted when taking it threw.
   */
  private boolean fingerprinted;

  private boolean unfingerprinted;
  private long fingerprint;

  private Version[] loads = new Version[LOADS];
  private int loadCount;
  private Version[] created = new Version[CREATED];
  private int createdCount;

  /**
   * Where the newest of the {@link #created} versions of each slot is, once the execution made
   * {@link #INDEXED} of them; null before.
   */
  private NewestVersions newestCreated;

  private Object[] allocated = new Object[ALLOCATED];
  private int allocatedCount;

  private long[] nondetBits = new long[NONDET];
  private int nondetBitsCount;
  private Object[] nondetRefs = new Object[NONDET];
  private int nondetRefCount;

  /**
   * Where the log stood when each pending recorded call was about to be made ({@link
   * #beforeRecorded}): its loads, stores, allocations and recorded values, five ints a call, the
   * innermost last.
   */
  private int[] marks = new int[5 * 4];

  private int markCount;

  /** Bytes of recorded-entry arrays beyond their initial sizes; see {@link #grown()}. */
  private long grownBytes;

  private ResultKind resultKind = ResultKind.NONE;
  private long resultBits;
  private Object resultRef;

  /**
   * The thrown exception's message when APP threw it ({@link #threw}); the program may change the
   * exception once it has caught it.
   */
  private String thrownMessage;

  /** Whether {@link #thrownMessage} was read when APP threw (it may be null then). */
  private boolean thrownMessageRead;

  /**
   * The array the closure returned, when {@link #resultRef} is a copy or digest of it; else null.
   */
  private Object returnedArray;

  private int appCpu;
  private long publishNanos;

  /**
   * When the application thread began this execution ({@link System#nanoTime}), for the one log in
   * {@link AppThread#TIMED_EVERY} whose cost is measured; {@link #UNTIMED} for the others.
   */
  private long beganNanos = UNTIMED;

  private long retainedBytes;
  private long accountedBytes;

  /**
   * Bytes of the primitive arrays held by the versions this execution recorded ({@link
   * Version#arrayBytes}), each array counted once: a closure that loads one object five times, or
   * loads it and stores it with the same array, keeps the array alive once.
   */
  private long versionArrayBytes;

  private static final int MAX_COUNTED_ARRAYS = 64;

  /** The arrays {@link #versionArrayBytes} counts, while the execution runs (at most 64 kept). */
  private Object[] countedArrays = NO_ARRAYS;

  private static final Object[] NO_ARRAYS = {};

  private int countedArrayCount;

  /** Made at the first version that holds arrays. */
  private ArrayCounter arrayCounter;

  @SuppressWarnings("unused") // accessed through STATE
  private int state;

  private int verdict;

  /** What the validator found, set before a DIVERGED verdict is released (strict closures). */
  private Detection finding;

  ClosureLog(AppThread home, int ringIndex) {
    this.home = home;
    this.ringIndex = ringIndex;
  }

  /**
   * Rebuilds a finished log from its saved parts (a reproducer file), detached from any application
   * thread's ring.
   */
  public static ClosureLog restore(
      ClosureBinding binding,
      int callerId,
      int appCpu,
      String appThreadName,
      Object receiver,
      Object[] refArgs,
      long[] bitsArgs,
      Version[] loads,
      Version[] created,
      Object[] allocated,
      long[] nondetBits,
      Object[] nondetRefs,
      ResultKind resultKind,
      long resultBits,
      Object resultRef) {
    Thread stand = new Thread(() -> {}, appThreadName);
    ClosureLog log = new ClosureLog(new AppThread(stand, -1, 2), -1);
    log.start(binding, callerId, false, UNTIMED);
    log.appCpu = appCpu;
    log.receiver = receiver;
    log.refArgs = refArgs.clone();
    log.passedArrays = new Object[refArgs.length];
    log.refArgCount = refArgs.length;
    log.bitsArgs = bitsArgs.clone();
    log.bitsArgCount = bitsArgs.length;
    log.loads = loads.clone();
    log.loadCount = loads.length;
    log.created = created.clone();
    log.createdCount = created.length;
    log.allocated = allocated.clone();
    log.allocatedCount = allocated.length;
    log.nondetBits = nondetBits.clone();
    log.nondetBitsCount = nondetBits.length;
    log.nondetRefs = nondetRefs.clone();
    log.nondetRefCount = nondetRefs.length;
    log.resultKind = resultKind;
    log.resultBits = resultBits;
    log.resultRef = resultRef;
    return log;
  }

  /** Copies of the recorded parts, for saving a reproducer. */
  public Object[] refArgsCopy() {
    return Arrays.copyOf(refArgs, refArgCount);
  }

  public long[] bitsArgsCopy() {
    return Arrays.copyOf(bitsArgs, bitsArgCount);
  }

  public Version[] loadsCopy() {
    return Arrays.copyOf(loads, loadCount);
  }

  public Version[] createdCopy() {
    return Arrays.copyOf(created, createdCount);
  }

  public Object[] allocatedCopy() {
    return Arrays.copyOf(allocated, allocatedCount);
  }

  public long[] nondetBitsCopy() {
    return Arrays.copyOf(nondetBits, nondetBitsCount);
  }

  public Object[] nondetRefsCopy() {
    return Arrays.copyOf(nondetRefs, nondetRefCount);
  }

  void start(ClosureBinding binding, int callerId, boolean strict, long beganNanos) {
    this.binding = binding;
    this.callerId = callerId;
    this.strict = strict;
    this.verdict = PENDING;
    this.beganNanos = beganNanos;
  }

  /** When the application thread began this execution, or {@link #UNTIMED} (not measured). */
  long beganNanos() {
    return beganNanos;
  }

  // ---- APP variant: arguments and memory operations ----

  public void receiver(Object receiver) {
    this.receiver = receiver;
  }

  /**
   * Records a reference argument as it is at the call: the caller may change it afterwards
   * (decision 0015). An immutable value is kept as it is, an array is copied, anything else is
   * fingerprinted.
   */
  public void argRef(Object value) {
    if (refArgCount == refArgs.length) {
      refArgs = Arrays.copyOf(refArgs, refArgCount * 2);
      passedArrays = Arrays.copyOf(passedArrays, refArgCount * 2);
    }
    refArgs[refArgCount] = CallerValues.immutable(value) ? value : callerOwned(value, true);
    refArgCount++;
  }

  public void argBits(long bits) {
    if (bitsArgCount == bitsArgs.length) {
      bitsArgs = Arrays.copyOf(bitsArgs, bitsArgCount * 2);
    }
    bitsArgs[bitsArgCount++] = bits;
  }

  /**
   * What a load or store of a null user-data reference throws: the validator's {@code Replay}
   * throws the same, so that a program's null reference is the program's exception on both sides. A
   * failed access records nothing; the validator's fails before it consumes a load.
   */
  public static final String NULL_REFERENCE = "the user-data reference is null";

  /**
   * Loads the newest version of {@code object} and records it. Of an {@link InPlaceObject}: the
   * version one of this execution's last few loads of it recorded when no store came since (a
   * closure that reads several fields of one object loads it once per field), else that of the
   * store this execution made last when the object still holds its fields (so that VAL reads its
   * own store, as for objects whose versions live out of place), else a snapshot.
   */
  public <V extends Version> V load(VersionedObject<V> object) {
    Objects.requireNonNull(object, NULL_REFERENCE);
    V version;
    if (object instanceof InPlaceObject<?>) {
      version = loadInPlace((InPlaceObject<V>) object);
    } else {
      version = object.currentVersion();
      countArrays(version);
    }
    recordLoad(version);
    return version;
  }

  /** {@link #load} of an in-place object; a new snapshot's arrays count once, when it is made. */
  @SuppressWarnings("unchecked")
  private <V extends Version> V loadInPlace(InPlaceObject<V> object) {
    Version recent = recentLoad(object, -1);
    if (recent != null && object.unchangedSince(recent)) {
      return (V) recent;
    }
    V now = object.currentVersion();
    Version stored = newestCreated(object, -1);
    if (stored != null && stored.stamp == now.stamp) {
      return (V) stored;
    }
    countArrays(now);
    return now;
  }

  /**
   * Adds the primitive arrays {@code version} holds to {@link #versionArrayBytes}, each array once
   * however many of this execution's versions hold it: a store that changes an object's other
   * fields makes a version holding the same array as the one loaded, which the log keeps alive once
   * (decision 0091). A version whose {@link Version#fields} names none of the arrays its {@link
   * Version#arrayBytes} counts (written by hand) counts as that method says.
   */
  private void countArrays(Version version) {
    long bytes = version.arrayBytes();
    if (bytes == 0) {
      return;
    }
    if (arrayCounter == null) {
      arrayCounter = new ArrayCounter();
    }
    arrayCounter.found = false;
    version.fields(arrayCounter);
    if (!arrayCounter.found) {
      versionArrayBytes += bytes;
    }
  }

  /** Forgets the arrays {@link #countArrays} counted: the log is published or reused. */
  private void forgetCountedArrays() {
    if (countedArrayCount > 0) {
      Arrays.fill(countedArrays, 0, countedArrayCount, null);
      countedArrayCount = 0;
    }
  }

  /** Counts the primitive arrays among a version's fields, each once per execution. */
  private final class ArrayCounter implements FieldSink {
    boolean found;

    @Override
    public void bits(long bits) {}

    @Override
    public void ref(Object value) {
      long bytes = primitiveArrayBytes(value);
      if (bytes == 0) {
        return;
      }
      found = true;
      for (int i = 0; i < countedArrayCount; i++) {
        if (countedArrays[i] == value) {
          return;
        }
      }
      if (countedArrayCount < MAX_COUNTED_ARRAYS) {
        if (countedArrayCount == countedArrays.length) {
          countedArrays = Arrays.copyOf(countedArrays, Math.max(4, countedArrayCount * 2));
        }
        countedArrays[countedArrayCount++] = value;
      }
      versionArrayBytes += bytes;
    }
  }

  /**
   * What a primitive array takes on the heap, as generated {@code arrayBytes} counts it; else 0.
   */
  private static long primitiveArrayBytes(Object value) {
    return value != null
            && value.getClass().isArray()
            && value.getClass().getComponentType().isPrimitive()
        ? CallerValues.bytes(value)
        : 0;
  }

  /**
   * Whether load {@code at} of this execution read a version that one of the {@link #RECENT_LOADS}
   * loads before it read too: the execution reached that very version earlier, so a control-path
   * check of it adds nothing ({@link ControlPath#load(ClosureLog, VersionedObject)}). APP asks it
   * of the load it just made, VAL of the load it just replayed, so both answer from the same
   * entries.
   */
  boolean repeatsEarlierLoad(int at) {
    Version version = loads[at];
    for (int i = at - 1; i >= 0 && i >= at - RECENT_LOADS; i--) {
      if (loads[i] == version) {
        return true;
      }
    }
    return false;
  }

  /** {@link #repeatsEarlierLoad} of the load this execution made last. */
  boolean lastLoadRepeats() {
    return loadCount > 0 && repeatsEarlierLoad(loadCount - 1);
  }

  /**
   * The newest of the last {@link #RECENT_LOADS} loads of {@code owner}'s {@code slot}, or null.
   */
  private Version recentLoad(Object owner, int slot) {
    return newestOf(loads, loadCount, RECENT_LOADS, owner, slot);
  }

  /**
   * Loads the newest value of one slot (of a versioned array, or a handle's held field) and records
   * its version: the version this execution stored there when the slot still holds that value (so
   * that VAL reads its own store, as for objects), otherwise a new one.
   */
  public <T> SlotVersion<T> loadSlot(ValueSlots<T> slots, int slot) {
    return recordSlotLoad(slots, slot, Objects.requireNonNull(slots, NULL_REFERENCE).lvValue(slot));
  }

  /**
   * A for-each loop over a user-data array ({@code for (Cell c : cells)}): each step loads the next
   * slot as {@code cells[i]} does ({@link #loadSlot}); a null array throws when the loop starts.
   */
  public <T> Iterable<T> slots(VersionedArray<T> array) {
    Objects.requireNonNull(array, NULL_REFERENCE);
    return () -> new SlotIterator<>(array.length(), i -> loadSlot(array, i).value());
  }

  /**
   * A user-data array passed to a call that copies it ({@code Arrays.stream(cells)}, {@code
   * cells.clone()}): a Java array of its slots, each loaded as {@code cells[i]} is ({@link
   * VersionedArray#copyOf}).
   */
  public <T> T[] copyOf(VersionedArray<T> array, Class<?> component) {
    Objects.requireNonNull(array, NULL_REFERENCE);
    return VersionedArray.fill(array, component, i -> loadSlot(array, i).value());
  }

  /**
   * After a JDK call that writes a user-data array ran on its {@link #copyOf} ({@code
   * Arrays.sort(copy, order)}): stores each slot whose value changed, as {@code cells[i] = v} does.
   */
  public <T> void writeBack(VersionedArray<T> array, T[] before, T[] after) {
    VersionedArray.writeBack(before, after, (value, i) -> storeSlot(array, i, value));
  }

  /**
   * A handle's held field as its generated {@code load$f(log)} reads it: the handle read {@code
   * value} from the field itself (no test of the slot number on the way), the log records the load
   * as {@link #loadSlot} does. Returns {@code value}.
   */
  public <T> T loadHeld(ValueSlots<T> handle, int slot, T value) {
    return recordSlotLoad(handle, slot, value).value();
  }

  /**
   * Records the load of {@code value} from a slot: as the version of this execution's newest store
   * to the slot if the slot still holds its value, else as that of a recent load of the slot that
   * read the same value (no new version for a closure that reads one field twice), else as a new
   * one.
   */
  @SuppressWarnings("unchecked")
  private <T> SlotVersion<T> recordSlotLoad(ValueSlots<T> slots, int slot, T value) {
    SlotVersion<T> version = storedSlot(slots, slot, value);
    if (version == null) {
      Version recent = recentLoad(slots, slot);
      version =
          recent != null && ((SlotVersion<T>) recent).value() == value
              ? (SlotVersion<T>) recent
              : new SlotVersion<>(slots, slot, value);
    }
    recordLoad(version);
    return version;
  }

  /**
   * A handle's held field as its generated {@code set$f(log, value)} writes it: the handle stored
   * {@code value} into the field itself, the log records the store as {@link #storeSlot} does.
   */
  public <T> void storedHeld(ValueSlots<T> handle, int slot, T value) {
    recordCreated(new SlotVersion<>(handle, slot, value));
  }

  /** Publishes a new version of {@code object} (built from a version this closure loaded). */
  public <V extends Version> void store(VersionedObject<V> object, V next) {
    Objects.requireNonNull(object, NULL_REFERENCE).soVersion(next);
    recordCreated(next);
  }

  /**
   * Publishes {@code next}, which the caller built from {@code expected} (the version of {@code
   * object} this execution read last) with the fields it writes changed, only if {@code expected}
   * is still the newest version. False when another thread stored to the object in between, perhaps
   * to another field: the caller rebuilds {@code next} from {@link #newest} and tries again, so
   * that the other thread's store is kept, and the execution is not validated (the fields it
   * carried over are not those it read).
   */
  public <V extends Version> boolean store(VersionedObject<V> object, V expected, V next) {
    if (!Objects.requireNonNull(object, NULL_REFERENCE).compareAndSetVersion(expected, next)) {
      raced = true;
      return false;
    }
    recordCreated(next);
    return true;
  }

  /**
   * The newest version of {@code object} after a {@link #store(VersionedObject, Version, Version)}
   * that found another; not recorded.
   */
  public <V extends Version> V newest(VersionedObject<V> object) {
    return object.currentVersion();
  }

  /**
   * True when another thread stored to an object between this execution's read of it and its own
   * store ({@link #store(VersionedObject, Version, Version)}): the execution cannot be validated.
   */
  public boolean raced() {
    return raced;
  }

  /**
   * True when a recorded call marked by {@link #beforeRecorded} did not return: it threw, and the
   * closure caught the exception or ended with it. VAL does not make recorded calls, so it cannot
   * throw there, and what the call ran back of the closure's code is still in the log: the
   * execution cannot be validated.
   */
  public boolean recordedCallThrew() {
    return markCount != 0;
  }

  /**
   * The closure caught {@code e}: every catch clause of an APP variant calls this first. An error
   * of the machine ({@link MachineErrors}: a recursion that catches {@code StackOverflowError} and
   * goes on another way) makes the execution one that cannot be validated, as when the closure ends
   * with one: VAL, on a validator's stack, would not meet it where APP did.
   */
  public void caught(Throwable e) {
    if (!caughtMachineError && MachineErrors.in(e)) {
      caughtMachineError = true;
    }
  }

  // ---- implementations the rewriter did not see ----

  /**
   * The answer of an implementation the rewriter did not see (a class of the tests or of another
   * module, a lambda), called after {@link #beforeRecorded}: {@code method}'s implementation, given
   * {@code arguments} (those of a reference type). When the answer and those arguments are values
   * no code can change (strings, boxes, enum constants, records of such values), the answer is
   * recorded, and VAL takes it from the log instead of calling the implementation again, which may
   * read a setting of its own that changed since (decision 0097). Otherwise the implementation may
   * have filled an argument, or may change the object it answered later, and VAL could not meet
   * what APP met: the execution is not validated ({@link #outOfSight()}, decision 0100).
   */
  public <T> T answerOutOfSight(T answer, String method, Object... arguments) {
    dropCallbacks();
    if (!CallerValues.immutable(answer)
        || answer instanceof VersionedObject<?>
        || !values(arguments)) {
      outOfSight(method);
    }
    return nondetRef(answer);
  }

  /**
   * A void implementation the rewriter did not see ran, called after {@link #beforeRecorded}: VAL
   * does not run it again, and when an argument it was given is not a value ({@link
   * #answerOutOfSight}), what it did to that argument is not in the log: the execution is not
   * validated.
   */
  public void effectOutOfSight(String method, Object... arguments) {
    dropCallbacks();
    if (!values(arguments)) {
      outOfSight(method);
    }
  }

  /**
   * Registers a lambda, method reference or anonymous class implementing a type of the sources that
   * this execution made, and returns it: a call of it runs it in APP, and VAL runs the one it made
   * itself, instead of taking it for an implementation out of sight ({@link #ownImplementation}).
   */
  public <T> T madeImplementation(T implementation) {
    implementations.add(implementation);
    return implementation;
  }

  /** Whether this execution made {@code implementation} ({@link #madeImplementation}). */
  public boolean ownImplementation(Object implementation) {
    return implementations.contains(implementation);
  }

  private static boolean values(Object[] arguments) {
    for (Object a : arguments) {
      if (!CallerValues.immutable(a) || a instanceof VersionedObject<?>) {
        return false;
      }
    }
    return true;
  }

  private void outOfSight(String method) {
    if (outOfSight == null) {
      outOfSight = method;
    }
  }

  /**
   * The closure's object is a Mockito mock or spy ({@link Overrides#intercepted}): the logged
   * execution ran the plain variant, so that the object answers the closure's calls on it as the
   * test stubbed them and counts them once, and it is not validated (a validator calling the object
   * while the test stubs it would break Mockito's stubbing).
   */
  public void interceptedReceiver() {
    interceptedReceiver = true;
  }

  /**
   * A method handle, a var handle or a reflective method an APP variant calls ({@code
   * log.handle(getter).invokeExact(this)}), returned as it is. What such a call reads or writes (a
   * field of user data, through {@code findGetter} or {@code findVarHandle}) is not in the log: the
   * validator's call meets the objects as they are when it runs. When the outputs differ, the
   * execution is not validated (decision 0109).
   */
  public <H> H handle(H handle) {
    calledHandle = true;
    return handle;
  }

  /** Whether the execution called a method handle or the like ({@link #handle}). */
  public boolean calledHandle() {
    return calledHandle;
  }

  /** Whether the closure's object was a mock or a spy ({@link #interceptedReceiver()}). */
  public boolean receiverIntercepted() {
    return interceptedReceiver;
  }

  /**
   * Notes the Mockito stubs of static methods or constructors open on the application's thread as
   * it publishes this log ({@link ThreadMocks}): a validator's thread would not see them, and the
   * execution is not validated. Nothing to do where Mockito is not on the class path.
   */
  public void noteThreadMocks() {
    if (Overrides.MOCKITO) {
      threadMocks = ThreadMocks.open();
    }
  }

  /** The stubs {@link #noteThreadMocks()} found, or null. */
  public String threadMocks() {
    return threadMocks;
  }

  /**
   * The method ({@code pkg.Type#name(params)}) of the first implementation out of the rewriter's
   * sight that took or gave an object that can change ({@link #answerOutOfSight}): the execution
   * cannot be validated. Null when there was none.
   */
  public String outOfSight() {
    return outOfSight;
  }

  /** True when the closure caught an error of the machine ({@link #caught}). */
  public boolean caughtMachineError() {
    return caughtMachineError;
  }

  /** Publishes a new value of one slot (of a versioned array, or a handle's held field). */
  public <T> void storeSlot(ValueSlots<T> slots, SlotVersion<T> next) {
    if (Objects.requireNonNull(slots, NULL_REFERENCE) != next.owner()) {
      throw new IllegalArgumentException("slot version belongs to another object");
    }
    slots.soValue(next.slot(), next.value());
    recordCreated(next);
  }

  /**
   * {@code slots[slot] = value} as generated code writes it: the operands are evaluated once, in
   * the source's order, before the store; a null array or an index out of range throws as the
   * assignment would. Returns {@code value}, the assignment's value.
   */
  public <T> T storeSlot(ValueSlots<T> slots, int slot, T value) {
    Objects.requireNonNull(slots, NULL_REFERENCE).checkSlot(slot);
    slots.checkStore(value);
    storeSlot(slots, new SlotVersion<>(slots, slot, value));
    return value;
  }

  /** This execution's newest store to the slot, if the slot still holds its value; else null. */
  @SuppressWarnings("unchecked")
  private <T> SlotVersion<T> storedSlot(ValueSlots<T> slots, int slot, T value) {
    SlotVersion<T> stored = (SlotVersion<T>) newestCreated(slots, slot);
    return stored != null && stored.value() == value ? stored : null;
  }

  /** This execution's newest version of {@code owner}'s {@code slot} (-1: an object), or null. */
  private Version newestCreated(Object owner, int slot) {
    if (newestCreated == null) {
      return newestOf(created, createdCount, createdCount, owner, slot);
    }
    int at = newestCreated.newest(owner, slot);
    return at < 0 ? null : created[at];
  }

  /** The newest of the last {@code depth} of {@code count} entries of {@code owner}'s slot. */
  private static Version newestOf(Version[] entries, int count, int depth, Object owner, int slot) {
    for (int j = count - 1, end = Math.max(0, count - depth); j >= end; j--) {
      Version v = entries[j];
      if (v != null && v.owner() == owner && v.slot() == slot) {
        return v;
      }
    }
    return null;
  }

  /**
   * Records a user-data object this closure allocated (OrthrusNew); its first version, and the
   * value of each field it holds ({@link ValueSlots}), count as created. Returns the object so
   * generated code can wrap the {@code new} expression. An object of a user-data class with final
   * fields only has nothing versioned: it is returned as it is. A {@link VersionedArray} made with
   * an initializer ({@code new T[] {a, b}}) has the first value of each slot created, as the stores
   * of {@code new T[n]} and its slots would.
   */
  public <O> O allocate(O object) {
    if (object instanceof VersionedObject<?>) {
      if (allocatedCount == allocated.length) {
        allocated = Arrays.copyOf(allocated, allocatedCount * 2);
        grown();
      }
      allocated[allocatedCount++] = object;
      recordCreated(((VersionedObject<?>) object).currentVersion());
    } else if (!(object instanceof VersionedArray<?>)) {
      return object;
    }
    if (object instanceof ValueSlots<?>) {
      ValueSlots<?> held = (ValueSlots<?>) object;
      for (int i = 0; i < held.slotCount(); i++) {
        recordCreated(SlotVersion.of(held, i));
      }
    }
    return object;
  }

  // ---- recorded calls that call back into the closure's code ----

  /**
   * Marks where the log stands just before a recorded call on a shared JDK object is made, and
   * returns {@code value} (its last argument, or its receiver when it has none): generated code
   * wraps that operand. The call may run the closure's own code back (a {@code PriorityQueue}'s
   * comparator made from a lambda that reads user data): what that code logs, VAL never replays,
   * since VAL takes the call's result from the log. {@link #recordedBits} and {@link #recordedRef}
   * drop it.
   */
  public <T> T beforeRecorded(T value) {
    mark();
    return value;
  }

  /** {@link #beforeRecorded(Object)} of a primitive last argument. */
  public long beforeRecorded(long value) {
    mark();
    return value;
  }

  public int beforeRecorded(int value) {
    mark();
    return value;
  }

  public double beforeRecorded(double value) {
    mark();
    return value;
  }

  public float beforeRecorded(float value) {
    mark();
    return value;
  }

  public boolean beforeRecorded(boolean value) {
    mark();
    return value;
  }

  public char beforeRecorded(char value) {
    mark();
    return value;
  }

  public short beforeRecorded(short value) {
    mark();
    return value;
  }

  public byte beforeRecorded(byte value) {
    mark();
    return value;
  }

  private void mark() {
    if (markCount + 5 > marks.length) {
      marks = Arrays.copyOf(marks, marks.length * 2);
    }
    marks[markCount++] = loadCount;
    marks[markCount++] = createdCount;
    marks[markCount++] = allocatedCount;
    marks[markCount++] = nondetBitsCount;
    marks[markCount++] = nondetRefCount;
  }

  /**
   * Drops what the log recorded since the innermost {@link #beforeRecorded}: the loads, stores,
   * allocations and recorded values of the closure's code that the recorded call ran back.
   */
  private void dropCallbacks() {
    if (markCount == 0) {
      return;
    }
    int refs = marks[--markCount];
    int bits = marks[--markCount];
    int allocations = marks[--markCount];
    int stores = marks[--markCount];
    int reads = marks[--markCount];
    if (overflowed) {
      return; // counting restarted; the log is dropped at publish
    }
    Arrays.fill(loads, reads, loadCount, null);
    loadCount = reads;
    Arrays.fill(created, stores, createdCount, null);
    if (stores < createdCount) {
      newestCreated = null;
    }
    createdCount = stores;
    Arrays.fill(allocated, allocations, allocatedCount, null);
    allocatedCount = allocations;
    nondetBitsCount = bits;
    Arrays.fill(nondetRefs, refs, nondetRefCount, null);
    nondetRefCount = refs;
  }

  /**
   * The result, which the closure does not use, of a call marked by {@link #beforeRecorded}, which
   * VAL does not make: drops what the call logged by running the closure's code back. A primitive
   * result is boxed and dropped; the generated code discards it.
   */
  public <T> T afterRecorded(T value) {
    dropCallbacks();
    return value;
  }

  /** {@link #afterRecorded(Object)} after a void call marked by {@link #beforeRecorded}. */
  public void afterRecorded() {
    dropCallbacks();
  }

  /** {@link #nondetBits} of a call marked by {@link #beforeRecorded}, after dropping callbacks. */
  public long recordedBits(long bits) {
    dropCallbacks();
    return nondetBits(bits);
  }

  /** {@link #nondetRef} of a call marked by {@link #beforeRecorded}, after dropping callbacks. */
  public <T> T recordedRef(T value) {
    dropCallbacks();
    return nondetRef(value);
  }

  /** Records the result of a non-deterministic call (clock, random, identity hash). */
  public long nondetBits(long bits) {
    if (nondetBitsCount == nondetBits.length) {
      nondetBits = Arrays.copyOf(nondetBits, nondetBitsCount * 2);
      grown();
    }
    nondetBits[nondetBitsCount++] = bits;
    return bits;
  }

  /**
   * {@code Double.doubleToRawLongBits(value)} in a closure: the bits of a NaN are recorded, because
   * which NaN an operation on NaNs gives depends on the code the JIT made (decision 0061); those of
   * any other value are computed again by VAL ({@link Replay#rawDoubleBits}).
   */
  public long rawDoubleBits(double value) {
    long bits = Double.doubleToRawLongBits(value);
    return Double.isNaN(value) ? nondetBits(bits) : bits;
  }

  /** {@code Float.floatToRawIntBits(value)} in a closure, as {@link #rawDoubleBits}. */
  public int rawFloatBits(float value) {
    int bits = Float.floatToRawIntBits(value);
    return Float.isNaN(value) ? (int) nondetBits(bits) : bits;
  }

  public <T> T nondetRef(T value) {
    if (nondetRefCount == nondetRefs.length) {
      nondetRefs = Arrays.copyOf(nondetRefs, nondetRefCount * 2);
      grown();
    }
    nondetRefs[nondetRefCount++] = value;
    return value;
  }

  // ---- snapshots of the control path's collections ----

  /**
   * Records a copy of a collection the program's control path holds and may change while a
   * validator waits to re-execute this log, for a closure that iterates it (a for-each, a stream,
   * an iterator, {@code forEach}): the closure iterates the copy, and so does the validator ({@link
   * Replay#snapshot(Collection)}), instead of the live collection. One {@code toArray()} takes it,
   * atomic for a synchronized or concurrent collection; the JDK's map entries in it (a {@code
   * HashMap}'s entries are its live nodes) become immutable entries of their key and value.
   */
  public <T> List<T> snapshot(Collection<T> collection) {
    Object[] elements = Objects.requireNonNull(collection).toArray();
    if (elements.getClass() != Object[].class) {
      elements = Arrays.copyOf(elements, elements.length, Object[].class);
    }
    for (int i = 0; i < elements.length; i++) {
      if (elements[i] instanceof Map.Entry<?, ?> entry && liveEntry(entry)) {
        elements[i] = new AbstractMap.SimpleImmutableEntry<>(entry.getKey(), entry.getValue());
      }
    }
    return recordedSnapshot(elements);
  }

  /**
   * {@link #snapshot(Collection)} of an iterable that is not a collection: copied by iterating it.
   */
  public <T> List<T> snapshot(Iterable<T> iterable) {
    List<Object> elements = new ArrayList<>();
    for (T element : Objects.requireNonNull(iterable)) {
      elements.add(element);
    }
    return recordedSnapshot(elements.toArray());
  }

  /**
   * {@link #snapshot(Collection)} of a map, for {@code forEach} and its enumerations: a copy that
   * keeps the map's iteration order, taken from one {@code entrySet().toArray()}.
   */
  public <K, V> Map<K, V> snapshot(Map<K, V> map) {
    Object[] entries = Objects.requireNonNull(map).entrySet().toArray();
    Map<K, V> copy = new LinkedHashMap<>(Math.max(16, (int) (entries.length / 0.75f) + 1));
    for (Object e : entries) {
      @SuppressWarnings("unchecked")
      Map.Entry<K, V> entry = (Map.Entry<K, V>) e;
      copy.put(entry.getKey(), entry.getValue());
    }
    retain(SNAPSHOT_BYTES + MAP_ENTRY_BYTES * entries.length);
    return nondetRef(Collections.unmodifiableMap(copy));
  }

  /**
   * {@link #snapshot(Collection)} of an array that a field which is not versioned holds ({@code for
   * (long b : Rates.BONUS)}), which the control path may change element by element: the loop
   * iterates a copy, and so does the validator ({@link Replay#snapshotArray}).
   */
  public <A> A snapshotArray(A array) {
    int length = Array.getLength(Objects.requireNonNull(array));
    Object copy = Array.newInstance(array.getClass().getComponentType(), length);
    System.arraycopy(array, 0, copy, 0, length);
    retain(SNAPSHOT_BYTES + 8L * length);
    @SuppressWarnings("unchecked")
    A recorded = (A) copy;
    return nondetRef(recorded);
  }

  /** Rough bytes of a snapshot's wrappers, and of each element slot or copied map entry. */
  private static final long SNAPSHOT_BYTES = 64;

  private static final long MAP_ENTRY_BYTES = 48;

  @SuppressWarnings("unchecked")
  private <T> List<T> recordedSnapshot(Object[] elements) {
    retain(SNAPSHOT_BYTES + 8L * elements.length);
    return nondetRef((List<T>) Collections.unmodifiableList(Arrays.asList(elements)));
  }

  /**
   * An entry the JDK's own collections hand out, which may be a live node of its map; a program's
   * own entry class is kept as it is (the closure may test its class).
   */
  private static boolean liveEntry(Map.Entry<?, ?> entry) {
    return entry.getClass().getName().startsWith("java.")
        && !(entry instanceof AbstractMap.SimpleImmutableEntry<?, ?>);
  }

  /**
   * Declares memory this log keeps alive beyond its versions' headers, e.g. the old value array a
   * store replaced; counted against the pending-log memory budget.
   */
  public void retain(long bytes) {
    retainedBytes += bytes;
  }

  public void returnBits(long bits) {
    resultKind = ResultKind.BITS;
    resultBits = bits;
  }

  /**
   * Records the returned reference as it is now; the caller may change it (see argRef): a byte
   * array as its {@link BytesDigest}, another array, and a collection or map of the JDK's mutable
   * classes, as a copy.
   */
  public void returnRef(Object value) {
    resultKind = ResultKind.REF;
    if (value instanceof byte[]) {
      resultRef = BytesDigest.of((byte[]) value);
    } else {
      resultRef = CallerValues.immutable(value) ? value : callerOwned(value, false);
    }
    returnedArray = resultRef != value ? value : null;
  }

  public void returnVoid() {
    resultKind = ResultKind.VOID;
  }

  public void threw(Throwable thrown) {
    resultKind = ResultKind.THROWN;
    resultRef = thrown;
    try {
      thrownMessage = thrown.getMessage();
      thrownMessageRead = true;
    } catch (RuntimeException | StackOverflowError e) {
      thrownMessage = null; // compared as it reads at validation
    }
  }

  /** What the log keeps of a mutable argument (at refArgCount) or result the caller owns. */
  private Object callerOwned(Object value, boolean argument) {
    Object logged = value;
    if (value.getClass().isArray()) {
      logged = argument ? copyOfArgument(value) : CallerValues.copy(value);
      retainedBytes += CallerValues.bytes(logged);
    } else if (!argument) {
      // A list or map the closure returns is the caller's to change once it has it.
      Object copy = CallerValues.copyOfCollection(value);
      if (copy != null) {
        logged = copy;
        retainedBytes += CallerValues.collectionBytes(copy);
      }
    }
    if (CallerValues.shared(logged)) {
      fingerprinted = true;
      try {
        fingerprint = fingerprint * 31 + CallerValues.fingerprint(logged);
      } catch (RuntimeException | StackOverflowError e) {
        unfingerprinted = true; // never the caller's problem: this execution is not validated
      }
    }
    return logged;
  }

  private Object copyOfArgument(Object array) {
    for (int j = 0; j < refArgCount; j++) {
      if (passedArrays[j] == array) {
        return refArgs[j];
      }
    }
    passedArrays[refArgCount] = array;
    return CallerValues.copy(array);
  }

  /**
   * True when an argument or the result that the log keeps by reference is no longer what it was at
   * the call (the caller changed it, or it cannot be read now): the execution cannot be validated.
   * Validators ask before and after re-executing; false at once for the common logs that keep
   * nothing the caller can change.
   */
  public boolean callerValuesChanged() {
    if (!fingerprinted) {
      return false;
    }
    if (unfingerprinted) {
      return true;
    }
    try {
      long now = 0;
      for (int i = 0; i < refArgCount; i++) {
        if (CallerValues.shared(refArgs[i])) {
          now = now * 31 + CallerValues.fingerprint(refArgs[i]);
        }
      }
      if (resultKind == ResultKind.REF && CallerValues.shared(resultRef)) {
        now = now * 31 + CallerValues.fingerprint(resultRef);
      }
      return now != fingerprint;
    } catch (RuntimeException | StackOverflowError | UninstrumentedAccess e) {
      return true; // modified while being read, or readable only by the application
    }
  }

  private void recordLoad(Version version) {
    if (loadCount == loads.length) {
      if (loadCount >= MAX_ENTRIES) {
        // Keep running without growing; the log is dropped at publish.
        overflowed = true;
        loadCount = 0;
      } else {
        loads = Arrays.copyOf(loads, Math.min(MAX_ENTRIES, loadCount * 2 + 16));
        grown();
      }
    }
    loads[loadCount++] = version;
  }

  private void recordCreated(Version version) {
    if (createdCount == created.length) {
      if (createdCount >= MAX_ENTRIES) {
        // Keep running without growing; the log is dropped at publish.
        overflowed = true;
        createdCount = 0;
        newestCreated = null;
      } else {
        created = Arrays.copyOf(created, Math.min(MAX_ENTRIES, createdCount * 2 + 8));
        grown();
      }
    }
    created[createdCount++] = version;
    countArrays(version);
    if (newestCreated != null) {
      newestCreated.put(version, createdCount - 1);
    } else if (createdCount >= INDEXED) {
      // Made once, and again after a dropped recorded call took stores back.
      newestCreated = NewestVersions.of(created, createdCount);
    }
  }

  // ---- read side (validators, reproducer files) ----

  public ClosureBinding binding() {
    return binding;
  }

  public int callerId() {
    return callerId;
  }

  public boolean strict() {
    return strict;
  }

  /** True when the execution recorded more than {@link #MAX_ENTRIES} and cannot be validated. */
  public boolean overflowed() {
    return overflowed;
  }

  public Object receiver() {
    return receiver;
  }

  public int refArgCount() {
    return refArgCount;
  }

  public Object refArg(int i) {
    checkIndex(i, refArgCount, "reference argument");
    return refArgs[i];
  }

  public int bitsArgCount() {
    return bitsArgCount;
  }

  public long bitsArg(int i) {
    checkIndex(i, bitsArgCount, "primitive argument");
    return bitsArgs[i];
  }

  public int loadCount() {
    return loadCount;
  }

  public Version loaded(int i) {
    checkIndex(i, loadCount, "load");
    return loads[i];
  }

  public int createdCount() {
    return createdCount;
  }

  public Version created(int i) {
    checkIndex(i, createdCount, "created version");
    return created[i];
  }

  public int allocatedCount() {
    return allocatedCount;
  }

  public Object allocated(int i) {
    checkIndex(i, allocatedCount, "allocation");
    return allocated[i];
  }

  public int nondetBitsCount() {
    return nondetBitsCount;
  }

  public long nondetBitsAt(int i) {
    checkIndex(i, nondetBitsCount, "recorded non-deterministic value");
    return nondetBits[i];
  }

  public int nondetRefCount() {
    return nondetRefCount;
  }

  public Object nondetRefAt(int i) {
    checkIndex(i, nondetRefCount, "recorded non-deterministic value");
    return nondetRefs[i];
  }

  public ResultKind resultKind() {
    return resultKind;
  }

  public long resultBits() {
    return resultBits;
  }

  /** The returned reference, or the thrown exception when {@link #resultKind} is THROWN. */
  public Object resultRef() {
    return resultRef;
  }

  /**
   * The message of the exception APP threw, as it read when APP threw it: a caller may change an
   * exception it caught (a context appended to a custom exception's message) before validation.
   * Null when it had none. A log restored from a reproducer, whose exception is as thrown, and one
   * whose exception's {@code getMessage} threw, read it now.
   */
  public String thrownMessage() {
    if (resultKind == ResultKind.THROWN && thrownMessageRead) {
      return thrownMessage;
    }
    return resultRef instanceof Throwable t ? t.getMessage() : null;
  }

  /**
   * The array the closure returned, of which {@link #resultRef()} is the copy (or {@link
   * BytesDigest}) taken at the return, or null. A validator that returns this very array computed
   * the same output even when the caller has changed its contents since (an array of user data the
   * caller writes to).
   */
  public Object returnedArray() {
    return returnedArray;
  }

  int ringIndex() {
    return ringIndex;
  }

  public AppThread home() {
    return home;
  }

  public Thread appThread() {
    return home.thread();
  }

  public int appCpu() {
    return appCpu;
  }

  /** When the log was published ({@link System#nanoTime}), or {@link #UNTIMED}. */
  public long publishNanos() {
    return publishNanos;
  }

  /** True when this log carries a publication time (one in {@link AppThread#TIMED_EVERY}). */
  public boolean timed() {
    return publishNanos != UNTIMED;
  }

  /** Stamps the log at publication: time (for validation delay) and the APP thread's CPU. */
  void publishedAt(long nanos, int cpu) {
    this.publishNanos = nanos;
    this.appCpu = cpu;
  }

  /** Fixes the bytes this published log counts against the budget until it is reclaimed. */
  long accountBytes() {
    accountedBytes = estimatedBytes();
    forgetCountedArrays();
    return accountedBytes;
  }

  /** Entries recorded, the unit of the controller's logging-cost model. */
  int entryCount() {
    return loadCount + createdCount + allocatedCount + refArgCount + bitsArgCount;
  }

  long accountedBytes() {
    return accountedBytes;
  }

  /** Slots of the loads array (tests of shrinking). */
  int loadCapacity() {
    return loads.length;
  }

  int lvState() {
    return (int) STATE.getAcquire(this);
  }

  /** True when its ring gave its slot to a new log ({@link #REVOKED}): it is never published. */
  public boolean revoked() {
    return lvState() == REVOKED;
  }

  void state(int s) {
    STATE.setRelease(this, s);
  }

  void soState(int s) {
    STATE.setRelease(this, s);
  }

  /**
   * Rough bytes this log keeps alive while pending: its own arrays (what they grew beyond their
   * initial sizes included) plus the versions it references (a version header and a few fields
   * each, and the primitive arrays they hold: {@link Version#arrayBytes}) plus what {@link #retain}
   * declared.
   */
  public long estimatedBytes() {
    return 128L
        + 48L * (loadCount + createdCount + allocatedCount)
        + 8L * (refArgCount + bitsArgCount)
        + versionArrayBytes
        + grownBytes
        + retainedBytes;
  }

  /**
   * Recomputes {@link #grownBytes} after an array was grown or replaced (rare: never on the path of
   * a closure that fits the initial sizes). Eight bytes a slot, the size of an uncompressed
   * reference, so the estimate errs high.
   */
  private void grown() {
    grownBytes =
        8L
            * (Math.max(0, loads.length - LOADS)
                + Math.max(0, created.length - CREATED)
                + Math.max(0, allocated.length - ALLOCATED)
                + Math.max(0, nondetBits.length - NONDET)
                + Math.max(0, nondetRefs.length - NONDET));
  }

  /** PENDING until a validator released its verdict on this (strict) log. */
  public int lvVerdict() {
    return lvState() == VALIDATED ? verdict : PENDING;
  }

  /** Set by the validator before {@link #soVerdict}; read after {@link #lvVerdict}. */
  public void finding(Detection finding) {
    this.finding = finding;
  }

  public Detection finding() {
    return finding;
  }

  /** Validator side: the verdict, then the release store that hands the log back. */
  public void soVerdict(int verdict) {
    this.verdict = verdict;
    releaseReferences();
    soState(VALIDATED);
  }

  /** Forgets everything this execution referenced, so that old versions can be collected. */
  void clear() {
    releaseReferences();
    reset();
  }

  /**
   * Drops every reference the execution recorded, keeping the counts. Done by the validator as soon
   * as it is finished (before it hands the log back), so an old version becomes garbage when its
   * last pending log is validated, not when the log is reused. Only the entries in use are cleared:
   * an array that grew keeps its size for the next execution, which most likely needs it again.
   */
  void releaseReferences() {
    receiver = null;
    Arrays.fill(refArgs, 0, refArgCount, null);
    Arrays.fill(passedArrays, 0, refArgCount, null);
    // An overflowed log restarted counting at 0, so stale entries may lie beyond the counts.
    boolean whole = overflowed;
    loads = cleared(loads, whole ? loads.length : loadCount, LOADS);
    created = cleared(created, whole ? created.length : createdCount, CREATED);
    newestCreated = null;
    allocated = cleared(allocated, whole ? allocated.length : allocatedCount, ALLOCATED);
    nondetRefs = cleared(nondetRefs, whole ? nondetRefs.length : nondetRefCount, NONDET);
    if (grownBytes != 0) {
      if (nondetBits.length > SHRINK_ABOVE) {
        nondetBits = new long[NONDET];
      }
      grown();
    }
    resultRef = null;
    thrownMessage = null;
    returnedArray = null;
    implementations.clear();
  }

  /**
   * {@code array} with its first {@code used} entries cleared, or, when it grew beyond {@link
   * #SHRINK_ABOVE} slots, a new one of the initial size: cheaper than clearing it, and its memory
   * goes with its references.
   */
  private static <T> T[] cleared(T[] array, int used, int initial) {
    if (array.length > SHRINK_ABOVE) {
      // A new array of the same class, all null: copy none of the entries, then pad.
      return Arrays.copyOf(Arrays.copyOf(array, 0), initial);
    }
    Arrays.fill(array, 0, used, null);
    return array;
  }

  /** The owner's part of reuse: counters and flags (references are already gone). */
  void reset() {
    binding = null;
    finding = null;
    refArgCount = bitsArgCount = loadCount = createdCount = allocatedCount = 0;
    nondetBitsCount = nondetRefCount = markCount = 0;
    newestCreated = null;
    thrownMessageRead = false;
    resultKind = ResultKind.NONE;
    resultBits = 0;
    retainedBytes = 0;
    accountedBytes = 0;
    versionArrayBytes = 0;
    forgetCountedArrays();
    fingerprinted = unfingerprinted = false;
    fingerprint = 0;
    overflowed = false;
    raced = false;
    caughtMachineError = false;
    outOfSight = null;
    interceptedReceiver = false;
    calledHandle = false;
    threadMocks = null;
    strict = false;
    verdict = PENDING;
    state(FREE);
  }

  private static void checkIndex(int i, int count, String what) {
    if (i < 0 || i >= count) {
      throw new IndexOutOfBoundsException(what + " " + i + " of " + count);
    }
  }

  @Override
  public String toString() {
    return (binding == null ? "(free log)" : binding.name())
        + " caller="
        + callerId
        + " loads="
        + loadCount
        + " created="
        + createdCount
        + " result="
        + resultKind;
  }
}
