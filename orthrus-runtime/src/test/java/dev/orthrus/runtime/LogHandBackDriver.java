package dev.orthrus.runtime;

import dev.orthrus.runtime.api.AppThread;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.LogProbe;
import dev.orthrus.runtime.api.VersionedArray;
import dev.orthrus.runtime.concurrent.SpmcRingQueue;
import dev.orthrus.runtime.validate.Mismatch;
import dev.orthrus.runtime.validate.TestValidators;
import dev.orthrus.runtime.validate.ValidationListener;
import dev.orthrus.runtime.validate.Validator;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The runtime's side of {@link LogHandBackModelCheckTest}: an application thread's logs handed to
 * validators and back, all through the runtime's own code. {@link AppThread} takes, fills,
 * publishes and reclaims logs; {@link Validator#validate} re-executes them and hands them back
 * ({@code recycle}, or {@code soVerdict} for a strict log); {@link ThreadRegistry} retires a thread
 * that ended. The closure is trivial: APP loads a versioned slot of its receiver and returns the
 * value; VAL does the same from the log. A class of its own so that a seeded bug can copy it with
 * the runtime ({@code SeededBug}).
 *
 * <p>What it checks; a violation throws an {@link AssertionError} where it is seen:
 *
 * <ul>
 *   <li>every published execution is validated exactly once: none twice, none lost;
 *   <li>no detection: the run is fault-free, so one would be a false alarm;
 *   <li>a validator sees the execution it claimed until it hands the log back: the owner never
 *       reuses a log under a validator;
 *   <li>a log handed back holds no reference of its execution (old versions can be collected);
 *   <li>the owner's pending bytes never go negative, and are 0 once it reclaimed every log;
 *   <li>a strict execution's caller reads a CONFIRMED verdict;
 *   <li>an ended thread is retired only once every log it published was claimed: validators, which
 *       find queues through the registry, still validate them all; the registry's totals count
 *       them.
 * </ul>
 */
final class LogHandBackDriver implements LogHandBackModelCheckTest.LogHandBack {

  /** One owner's ring of two logs; executions (strict ones too) and validations interleave. */
  static final String RING = "ring";

  /** A thread published two logs and ended; validations and retirement interleave. */
  static final String RETIREMENT = "retirement";

  private static final int RING_SIZE = 2;

  /** More than the executions any scenario makes. */
  private static final int MAX_EXECUTIONS = 32;

  @SuppressWarnings("unchecked")
  private static final ClosureBinding READ =
      ClosureBinding.of(
          LogHandBackDriver.class.getName() + "#read()",
          "read",
          (log, replay) ->
              replay.returnRef(
                  replay.loadSlot((VersionedArray<String>) log.receiver(), 0).value()));

  /** The user data the closure reads: one versioned slot. */
  private final VersionedArray<String> cell = new VersionedArray<>(1);

  private final AtomicIntegerArray validations = new AtomicIntegerArray(MAX_EXECUTIONS);

  /**
   * Validators by number, each used by one model-checker thread at a time (as each validator agent
   * has its own); the last one drains at the end.
   */
  private final Validator[] validators = new Validator[4];

  private final Checker[] checkers = new Checker[validators.length];

  /** RING: the owner and its logs. */
  private final AppThread owner;

  private final List<ClosureLog> taken = new ArrayList<>();
  private final List<ClosureLog> awaitingVerdict = new ArrayList<>();
  private int executions;

  /** RETIREMENT: the registry that holds the ended thread. */
  private final ThreadRegistry registry;

  LogHandBackDriver(String kind) {
    for (int v = 0; v < validators.length; v++) {
      checkers[v] = new Checker();
      validators[v] = TestValidators.create(v, checkers[v]);
    }
    cell.soValue(0, "value");
    if (kind.equals(RING)) {
      owner = new AppThread(Thread.currentThread(), 0, RING_SIZE);
      registry = null;
    } else if (kind.equals(RETIREMENT)) {
      owner = null;
      registry = new ThreadRegistry(RING_SIZE, Long.MAX_VALUE);
      Thread app =
          new Thread(
              () -> {
                AppThread t = registry.current();
                execute(t, false);
                execute(t, false);
              },
              "app");
      app.start();
      join(app);
    } else {
      throw new IllegalArgumentException(kind);
    }
  }

  /** Reports to the driver; knows which execution its validator claimed. */
  private final class Checker implements ValidationListener {
    int claimed = -1;

    @Override
    public void validated(ClosureLog log, long delayNanos, Validator validator) {
      // The validator's last read before the hand-back: the log must hold what it claimed.
      if (log.callerId() != claimed || log.receiver() != cell) {
        throw new AssertionError(
            "the log of execution "
                + claimed
                + " was reused while a"
                + " validator read it: it holds execution "
                + log.callerId());
      }
      if (validations.incrementAndGet(claimed) > 1) {
        throw new AssertionError("execution " + claimed + " validated twice");
      }
    }

    @Override
    public void mismatch(ClosureLog log, Mismatch mismatch, Validator validator) {
      throw new AssertionError(
          "detection on a fault-free run, execution " + claimed + ": " + mismatch);
    }

    @Override
    public void notValidated(ClosureLog log, String reason, Validator validator) {
      throw new AssertionError("execution " + claimed + " not validated: " + reason);
    }
  }

  // ---- the owner ----

  @Override
  public void execute(boolean strict) {
    readVerdicts();
    checkHandedBack();
    ClosureLog log = execute(owner, strict);
    if (log != null && !taken.contains(log)) {
      taken.add(log);
    }
  }

  /**
   * One execution on {@code thread}, logged with the next execution number; null when the log at
   * the ring's cursor is still pending (the runtime skips logging then).
   */
  private ClosureLog execute(AppThread thread, boolean strict) {
    ClosureLog log = thread.takeLog();
    if (log == null) {
      return null;
    }
    // A strict log reused before its verdict was read: nothing left to read.
    awaitingVerdict.remove(log);
    thread.start(log, READ, executions++, strict);
    log.receiver(cell);
    log.returnRef(log.loadSlot(cell, 0).value());
    thread.publish(log);
    if (thread.pendingBytes() < 0) {
      throw new AssertionError("pending bytes negative after publishing: " + thread.pendingBytes());
    }
    if (strict) {
      awaitingVerdict.add(log);
    }
    return log;
  }

  /** What a strict caller waiting in {@code awaitVerdict} reads, one read per log. */
  @Override
  public void readVerdicts() {
    for (int i = awaitingVerdict.size() - 1; i >= 0; i--) {
      ClosureLog log = awaitingVerdict.get(i);
      int verdict = log.lvVerdict();
      if (verdict == ClosureLog.PENDING) {
        continue;
      }
      if (verdict != ClosureLog.CONFIRMED) {
        throw new AssertionError("strict execution " + log.callerId() + " got verdict " + verdict);
      }
      // Once the caller has its verdict, the validator is done with the log.
      checkHandedBack(log);
      awaitingVerdict.remove(i);
    }
  }

  @Override
  public void reclaim() {
    owner.reclaimValidated();
    if (owner.pendingBytes() < 0) {
      throw new AssertionError("pending bytes negative after reclaiming: " + owner.pendingBytes());
    }
  }

  /** Logs handed back must hold none of their execution's references. */
  private void checkHandedBack() {
    for (ClosureLog log : taken) {
      if (LogProbe.handedBack(log)) {
        checkHandedBack(log);
      }
    }
  }

  private static void checkHandedBack(ClosureLog log) {
    if (log.receiver() != null || log.loaded(0) != null || log.resultRef() != null) {
      throw new AssertionError(
          "a log handed back still holds the references of execution " + log.callerId());
    }
  }

  // ---- validators and the controller ----

  @Override
  public void validate(int validator) {
    if (owner != null) {
      validateOne(owner.queue(), validator);
      return;
    }
    // As a validator polls: through the registry's array, which retirement replaces.
    for (AppThread t : registry.threads()) {
      if (validateOne(t.queue(), validator)) {
        return;
      }
    }
  }

  /** Validator {@code v} claims and validates one log of {@code queue}; false when empty. */
  private boolean validateOne(SpmcRingQueue<ClosureLog> queue, int v) {
    ClosureLog log = queue.poll();
    if (log == null) {
      return false;
    }
    checkers[v].claimed = log.callerId();
    validators[v].validate(log);
    return true;
  }

  @Override
  public void retire() {
    registry.retireDead();
  }

  // ---- after the scenario ----

  @Override
  public void finish() {
    int drain = validators.length - 1;
    if (owner != null) {
      while (validateOne(owner.queue(), drain)) {
        // What validators left.
      }
      readVerdicts();
      if (!awaitingVerdict.isEmpty()) {
        throw new AssertionError(
            "strict execution "
                + awaitingVerdict.get(0).callerId()
                + " validated without a verdict");
      }
      checkHandedBack();
      owner.reclaimValidated();
      if (owner.pendingBytes() != 0) {
        throw new AssertionError(
            owner.pendingBytes()
                + " pending bytes once every log was"
                + " validated and reclaimed");
      }
    } else {
      boolean any = true;
      while (any) {
        any = false;
        for (AppThread t : registry.threads()) {
          any |= validateOne(t.queue(), drain);
        }
      }
      registry.retireDead();
      if (registry.threads().length != 0 || registry.retiredCount() != 1) {
        throw new AssertionError("the ended thread was not retired once its logs were validated");
      }
      if (registry.publishedCount() != executions) {
        throw new AssertionError(
            "the registry counts "
                + registry.publishedCount()
                + " published logs, not "
                + executions);
      }
    }
    for (int id = 0; id < executions; id++) {
      if (validations.get(id) != 1) {
        throw new AssertionError(
            "execution " + id + " validated " + validations.get(id) + " times");
      }
    }
  }

  private static void join(Thread t) {
    try {
      t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }
}
