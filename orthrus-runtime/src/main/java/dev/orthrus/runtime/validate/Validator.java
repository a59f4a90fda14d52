package dev.orthrus.runtime.validate;

import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.Divergence;
import dev.orthrus.runtime.api.InterceptedUserDataException;
import dev.orthrus.runtime.api.LiveObjects;
import dev.orthrus.runtime.api.MachineErrors;
import dev.orthrus.runtime.api.Replay;
import dev.orthrus.runtime.api.ResultKind;
import dev.orthrus.runtime.api.UninstrumentedAccess;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.concurrent.Agent;
import dev.orthrus.runtime.concurrent.SpmcRingQueue;
import dev.orthrus.runtime.cpu.CpuId;
import dev.orthrus.runtime.cpu.Pinning;
import java.util.function.IntFunction;
import java.util.function.Predicate;

/**
 * A validator agent: takes published logs from its home queues (and steals from the other
 * application threads' queues when those are empty), re-executes each with the closure's VAL
 * variant, compares outputs and recycles the log. It never writes user data.
 */
public final class Validator implements Agent {

  /** Logs taken from one queue before moving on, so one busy thread cannot starve the others. */
  private static final int BATCH = 32;

  private final ValidatorPool pool;
  private final int id;
  private final int pinTo;
  private final ValidationListener listener;
  private final Replay replay = new Replay();
  private final OutputComparator comparator = new OutputComparator();
  private int cursor;
  private volatile int cpu = -1;
  private volatile boolean pinned;
  private long validatedCount;
  private long stolenCount;

  /** Idle polls until {@link #ownsCpu()} asks the pool again. */
  private int ownsCpuCountdown;

  private boolean ownsCpu;

  Validator(ValidatorPool pool, int id, int pinTo, ValidationListener listener) {
    this.pool = pool;
    this.id = id;
    this.pinTo = pinTo;
    this.listener = listener;
  }

  @Override
  public String roleName() {
    return "orthrus-validator-" + id;
  }

  @Override
  public void onStart() {
    if (pinTo >= 0) {
      pinned = Pinning.pin(pinTo);
    }
    if (!pinned) {
      // Inherited from the thread that started us, possibly pinned to the application's CPU.
      Pinning.unpin();
    }
    cpu = CpuId.current();
  }

  /**
   * True when this validator is pinned and the application threads plus validators fit on the
   * machine (the paper's placement: validation on cores of its own). Re-checked every 4096 idle
   * polls, so a thread that registers later turns spinning off within a few milliseconds.
   */
  @Override
  public boolean ownsCpu() {
    if (--ownsCpuCountdown <= 0) {
      ownsCpuCountdown = 4096;
      ownsCpu = pinned && pool.validatorsOwnTheirCpus();
    }
    return ownsCpu;
  }

  /** Whether this validator spins when idle, computed afresh (for reports; any thread). */
  public boolean spinsWhenIdle() {
    return pinned && pool.validatorsOwnTheirCpus();
  }

  public int id() {
    return id;
  }

  public boolean pinned() {
    return pinned;
  }

  /** The CPU this validator was last seen on (at start, or at its latest detection). */
  public int lastCpu() {
    return cpu;
  }

  /** The validator's CPU, read freshly (detections are rare). */
  public int currentCpu() {
    int now = CpuId.current();
    cpu = now;
    return now;
  }

  public long validatedCount() {
    return validatedCount;
  }

  public long stolenCount() {
    return stolenCount;
  }

  @Override
  public int doWork() {
    ValidationBudget budget = pool.budget();
    if (budget == null) {
      return work();
    }
    if (budget.exhausted()) {
      // Idle as if there were nothing to do; the controller still runs.
      listener.idle(this);
      return 0;
    }
    long start = ValidationBudget.cpuNow();
    int done = work();
    if (done > 0) {
      budget.charge(ValidationBudget.cpuNow() - start);
    }
    return done;
  }

  private int work() {
    // Queues, not AppThread objects: an AppThread's fields share cache lines with state its
    // thread writes on every execution, and a validator polling them would take those lines
    // away from the application thousands of times a second.
    PolledQueues polled = pool.queues();
    SpmcRingQueue<ClosureLog>[] queues = polled.slots();
    int n = polled.count();
    if (n == 0) {
      return 0;
    }
    int validators = Math.max(1, pool.size());
    int home = id % validators;
    // Home queues first: application threads whose index is congruent to this validator's id.
    for (int k = 0; k < n; k++) {
      int i = (cursor + k) % n;
      if (i % validators != home) {
        continue;
      }
      int done = drain(queues[i], BATCH, false);
      if (done > 0) {
        cursor = i + 1;
        return done;
      }
    }
    // Nothing at home: steal a smaller batch from anyone (a lone validator's home is everyone).
    for (int k = 0; validators > 1 && k < n; k++) {
      int i = (cursor + k) % n;
      int done = drain(queues[i], BATCH / 4, true);
      if (done > 0) {
        cursor = i + 1;
        return done;
      }
    }
    listener.idle(this);
    return 0;
  }

  /**
   * Validates up to {@code max} logs of {@code queue}. A stolen log is counted before it is
   * validated, so that {@link #stolenCount} never lags the validations it is part of.
   */
  private int drain(SpmcRingQueue<ClosureLog> queue, int max, boolean stolen) {
    int done = 0;
    ClosureLog log;
    while (done < max && (log = queue.poll()) != null) {
      if (stolen) {
        stolenCount++;
      }
      validate(log);
      done++;
    }
    return done;
  }

  /** Re-executes one log and reports; public so tests and replay can drive it synchronously. */
  public Mismatch validate(ClosureLog log) {
    Mismatch mismatch = null;
    String notValidated = null;
    try {
      mismatch = check(log, replay, comparator);
    } catch (NotValidatedException e) {
      notValidated = e.getMessage();
    }
    // Untimed logs (most of them) report -1 and cost no clock read here either.
    long delay = log.timed() ? Math.max(0, System.nanoTime() - log.publishNanos()) : -1;
    validatedCount++;
    if (notValidated != null) {
      listener.notValidated(log, notValidated, this);
    } else {
      if (mismatch != null) {
        listener.mismatch(log, mismatch, this);
      }
      listener.validated(log, delay, this);
    }
    if (log.strict()) {
      // The verdict goes with the hand-back; the waiting application thread reads it.
      log.soVerdict(
          notValidated != null
              ? ClosureLog.NOT_VALIDATED
              : mismatch == null ? ClosureLog.CONFIRMED : ClosureLog.DIVERGED);
    } else {
      log.home().recycle(log);
    }
    return mismatch;
  }

  /**
   * Re-executes {@code log} with its closure's VAL variant and compares; no side effects.
   *
   * @return the first difference, or null when VAL confirmed APP's execution
   * @throws NotValidatedException when the execution cannot be validated here: an error of the
   *     machine on either side ({@link MachineErrors}), VAL reaching code the rewriter did not
   *     instrument ({@link UninstrumentedAccess}), an argument or the result the caller changed
   *     before or while VAL re-executed, or, when the outputs differ, user data the execution read
   *     that the program changed in place since, user data holding an object that changes in place
   *     ({@link LiveObjects}), a call of a method handle ({@link ClosureLog#handle}), or
   *     re-executions that do not differ from APP's outputs the same way ({@link #CONFIRMATIONS})
   */
  public static Mismatch check(ClosureLog log, Replay replay, OutputComparator comparator) {
    if (log.resultKind() == ResultKind.THROWN && MachineErrors.in((Throwable) log.resultRef())) {
      throw new NotValidatedException("APP threw " + log.resultRef());
    }
    if (log.resultKind() == ResultKind.THROWN
        && log.resultRef() instanceof InterceptedUserDataException) {
      throw new NotValidatedException(INTERCEPTED);
    }
    if (log.caughtMachineError()) {
      throw new NotValidatedException(CAUGHT_MACHINE_ERROR);
    }
    if (log.callerValuesChanged()) {
      throw new NotValidatedException(CHANGED_BY_CALLER);
    }
    if (log.raced()) {
      throw new NotValidatedException(RACED);
    }
    if (log.recordedCallThrew()) {
      throw new NotValidatedException(RECORDED_CALL_THREW);
    }
    if (log.receiverIntercepted()) {
      throw new NotValidatedException(INTERCEPTED_RECEIVER);
    }
    if (log.threadMocks() != null) {
      throw new NotValidatedException(
          "Mockito stubbed "
              + log.threadMocks()
              + " on the application's thread, which a validator's thread does not see");
    }
    if (log.outOfSight() != null) {
      throw new NotValidatedException(
          "it called "
              + log.outOfSight()
              + " on an implementation the rewriter did not see (a class of the tests or of"
              + " another module, a lambda, a mock) with an argument or an answer that can"
              + " change: what it did to them is not in the log");
    }
    Mismatch mismatch = replayAndCompare(log, replay, comparator);
    if (mismatch != null && log.callerValuesChanged()) {
      // The caller changed the result or an argument while the outputs were compared.
      throw new NotValidatedException(CHANGED_BY_CALLER);
    }
    if (mismatch != null && dataChangedInPlace(log)) {
      throw new NotValidatedException(CHANGED_OUTSIDE);
    }
    if (mismatch != null && log.calledHandle()) {
      throw new NotValidatedException(CALLED_HANDLE);
    }
    String live = mismatch == null ? null : LiveObjects.firstIn(log);
    if (live != null) {
      throw new NotValidatedException(
          "user data it read holds an object that changes in place, outside the versions: "
              + live
              + "; the validator read it as it is now, not as the application read it: hold a"
              + " value that cannot change instead (a String, a record, List.copyOf(...), a"
              + " persistent collection) or a @UserData object");
    }
    // A faulty application core's output differs from what every re-execution computes; a
    // re-execution that computes something else each time depends on what the log does not hold.
    for (int i = 0; mismatch != null && i < CONFIRMATIONS; i++) {
      if (!sameWay(mismatch, replayAndCompare(log, replay, comparator))) {
        throw new NotValidatedException(NOT_REPRODUCED);
      }
    }
    return mismatch;
  }

  /**
   * The same difference: its kind, place and values, where an object VAL made is named without its
   * identity hash (each re-execution makes another object).
   */
  private static boolean sameWay(Mismatch first, Mismatch again) {
    return again != null
        && first.kind() == again.kind()
        && sameText(first.detail(), again.detail())
        && sameText(first.expected(), again.expected())
        && sameText(first.actual(), again.actual());
  }

  private static boolean sameText(String a, String b) {
    return a == null
        ? b == null
        : b != null
            && OutputComparator.withoutIdentityHashes(a)
                .equals(OutputComparator.withoutIdentityHashes(b));
  }

  /**
   * How many more times VAL re-executes a log whose outputs differed from APP's before the
   * difference is reported: each must differ in the same way. A difference that carries one bit of
   * identity hashes of objects VAL made passes all of them with probability 2^-16; a fault-free
   * execution stops at the first that differs otherwise, after two on average (decision 0078).
   */
  static final int CONFIRMATIONS = 16;

  /** Re-executes {@code log} once and compares; the checks of {@link #check} around it. */
  private static Mismatch replayAndCompare(
      ClosureLog log, Replay replay, OutputComparator comparator) {
    replay.reset(log);
    Mismatch diverged = null;
    try {
      log.binding().val().replay(log, replay);
    } catch (Divergence d) {
      diverged =
          new Mismatch(
              d.kind(), d.getMessage(), "(the re-execution's path)", "(the application's path)");
    } catch (Throwable t) {
      if (MachineErrors.in(t)) {
        throw new NotValidatedException("VAL threw " + t);
      }
      Throwable hidden = causeOf(t, UninstrumentedAccess.class::isInstance);
      if (hidden != null) {
        throw new NotValidatedException(((UninstrumentedAccess) hidden).reason());
      }
      replay.threw(t);
    }
    if (replay.refused() != null) {
      // The program caught the refusal (catch (Throwable t)) and went on with what it read.
      throw new NotValidatedException(replay.refused().reason());
    }
    if (log.callerValuesChanged()) {
      throw new NotValidatedException(CHANGED_BY_CALLER);
    }
    try {
      return diverged != null ? diverged : comparator.compare(log, replay);
    } catch (VirtualMachineError e) {
      throw new NotValidatedException("comparing the outputs threw " + e);
    } catch (UninstrumentedAccess e) {
      throw new NotValidatedException(e.reason());
    }
  }

  private static final String NOT_REPRODUCED =
      "its outputs differed from APP's, but not the same way when the validator re-executed it: it"
          + " depends on something the log does not record (an identity hash of an object it made,"
          + " printed by Object.toString or mixed into a hash by the JDK, or a clock or random"
          + " generator read where the rewriter does not see it, such as ThreadLocalRandom's"
          + " streams), not on a faulty core";

  private static final String INTERCEPTED =
      "APP met user data whose generated methods a mock intercepts (Mockito's mock() of a"
          + " @UserData class), which VAL, reading the logged versions, does not meet";

  private static final String INTERCEPTED_RECEIVER =
      "its object is a Mockito mock or spy: the logged execution ran as written, so that the object"
          + " answered the closure's calls on it as the test stubbed them, and a validator does not"
          + " call it while the test stubs it";

  private static final String CAUGHT_MACHINE_ERROR =
      "APP caught an error of the machine (a StackOverflowError, an OutOfMemoryError, a failed"
          + " class initialization), which VAL, on another stack, would not meet where APP did";

  private static final String CHANGED_BY_CALLER =
      "an argument or the result changed before the validator re-executed (the caller changed it,"
          + " or the closure wrote into an argument it was passed)";

  private static final String RACED =
      "another thread stored to an object it wrote, between its read of the object and its store:"
          + " the fields its store kept are that thread's, not those it read";

  private static final String RECORDED_CALL_THREW =
      "a recorded call threw (a call on a shared JDK object, made by APP alone): VAL, which takes"
          + " a recorded call's result from the log, cannot throw there";

  private static final String CALLED_HANDLE =
      "it called a method handle, a var handle or a reflective method, which reads the objects it"
          + " is given as they are when it runs, outside the log: the validator's call met them"
          + " later";

  private static final String CHANGED_OUTSIDE =
      "user data it read or wrote no longer matches its checksum: the program changed it in place"
          + " (say, wrote into an array a closure returned, or into one it passed to a closure that"
          + " kept it), so APP's values are not those it computed";

  /**
   * Whether a version the execution read or created no longer holds what it held when it was
   * sealed: the program wrote into it in place (an array of user data a closure handed out and the
   * caller changed, or an array the caller passed and a closure stored), so APP and VAL may have
   * computed on different values, or APP's output is not what APP computed. Asked only when they
   * differed.
   */
  private static boolean dataChangedInPlace(ClosureLog log) {
    return anyChanged(log.loadCount(), log::loaded) || anyChanged(log.createdCount(), log::created);
  }

  /** Whether one of the {@code count} versions {@code version} gives fails its checksum. */
  private static boolean anyChanged(int count, IntFunction<Version> version) {
    for (int i = 0; i < count; i++) {
      Version v = version.apply(i);
      if (v != null && !v.checksumValid()) {
        return true;
      }
    }
    return false;
  }

  /** {@code t} or the first of its causes (at most 32 deep) that is of {@code kind}; else null. */
  private static Throwable causeOf(Throwable t, Predicate<Throwable> kind) {
    for (int i = 0; t != null && i < 32; t = t.getCause(), i++) {
      if (kind.test(t)) {
        return t;
      }
    }
    return null;
  }
}
