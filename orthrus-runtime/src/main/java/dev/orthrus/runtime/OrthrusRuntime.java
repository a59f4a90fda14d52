package dev.orthrus.runtime;

import dev.orthrus.runtime.api.AppThread;
import dev.orthrus.runtime.api.CallSite;
import dev.orthrus.runtime.api.ChecksumMismatchException;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.ControlPath;
import dev.orthrus.runtime.api.Detection;
import dev.orthrus.runtime.api.SdcDetectedException;
import dev.orthrus.runtime.api.VersionedObject;
import dev.orthrus.runtime.cpu.CpuId;
import dev.orthrus.runtime.cpu.Pinning;
import dev.orthrus.runtime.report.DetectionCenter;
import dev.orthrus.runtime.report.Events;
import dev.orthrus.runtime.sample.SamplingPolicy;
import dev.orthrus.runtime.validate.Mismatch;
import dev.orthrus.runtime.validate.ValidationListener;
import dev.orthrus.runtime.validate.Validator;
import dev.orthrus.runtime.validate.ValidatorPool;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The runtime a protected application runs with. Generated dispatchers call {@link #begin} (null
 * means "run the unlogged variant"), then the APP variant with the log, then {@link #publish}.
 *
 * <pre>{@code
 * static final CallSite GET_FROM_HANDLER = GET.site(7); // one per call site
 * ...
 * ClosureLog log = rt.begin(GET_FROM_HANDLER);
 * if (log == null) return getPlain(key);
 * log.argRef(key);
 * byte[] r;
 * try { r = getApp(log, key); } catch (Throwable t) { log.threw(t); rt.publish(log); throw t; }
 * log.returnRef(r);
 * rt.publish(log);
 * return r;
 * }</pre>
 */
public final class OrthrusRuntime implements AutoCloseable {

  private final RuntimeConfig config;
  private final SamplingPolicy sampling;
  private final DetectionCenter detections;
  private final ValidatorPool validators;
  private final ThreadLocal<AppThread> current = new ThreadLocal<>();
  private final Object registryLock = new Object();
  private volatile AppThread[] appThreads = new AppThread[0];
  /**
   * Application threads by thread id (one slot per id modulo the size, no probing): two plain
   * loads find the calling thread's state. A thread whose slot is taken falls back to the
   * ThreadLocal, whose lookup can walk a long collision chain in threads with many locals.
   */
  private volatile AppThread[] byThreadId = new AppThread[256];
  private volatile boolean enabled = true;
  private volatile boolean strictAll;
  /**
   * {@link #enabled} and {@link #strictAll} in one field, the only one of this object the fast
   * path of {@link #begin} reads: OFF, SAMPLED (the policy decides) or ALL_STRICT.
   */
  private volatile int mode;

  private static final int OFF = 0;
  private static final int SAMPLED = 1;
  private static final int ALL_STRICT = 2;
  private static final int ARMED = 3;
  private volatile boolean blockWhenFull;
  private volatile long perThreadBudget;

  private final LongAdder validated = new LongAdder();
  private final LongAdder skippedForMemory = new LongAdder();
  private final LongAdder adaptations = new LongAdder();
  private final Recorder latency = new Recorder(3);
  private final Histogram latencyTotal = new Histogram(3);
  private final Object controllerLock = new Object();
  private volatile long lastAdaptNanos;
  private long lastSkipped;
  private volatile double lastOverhead;
  /** Armed policy (decision 0009): the controller re-arms closures every ARM_PERIOD_NANOS. */
  private final boolean armedPolicy;
  private volatile long lastArmNanos;
  /** Measured by the controller for the arming rate; guarded by controllerLock. */
  private double entriesPerLog = DEFAULT_ENTRIES;
  private int liveThreads = 1;
  private final RuntimeMXBeanImpl mxBean;

  public OrthrusRuntime(RuntimeConfig config) {
    this.config = config;
    this.sampling = config.sampling.get();
    this.armedPolicy = sampling.armed();
    this.strictAll = config.strictAll;
    updateMode();
    this.perThreadBudget = config.memoryBudgetBytes;
    this.detections = new DetectionCenter(
        config.policy, config.callback, config.reproducerDir, config.halt, config.err);
    this.validators = new ValidatorPool(
        () -> appThreads, new Listener(), this::validatorFailed, config.maxValidators,
        config.pinValidators, config.cpus, config.idleStrategy,
        config.spinOnOwnCpu);
    for (int i = 0; i < config.validators; i++) {
      validators.add();
    }
    this.mxBean = config.jmx ? RuntimeMXBeanImpl.register(this) : null;
  }

  public static OrthrusRuntime start(RuntimeConfig config) {
    return new OrthrusRuntime(config);
  }

  // ---- hot path ----

  /**
   * Starts logging one execution at {@code site}, or returns null when this execution is not
   * validated (runtime disabled, not sampled, memory budget reached, or no free log).
   */
  public ClosureLog begin(CallSite site) {
    // Kept to a few dozen bytes of bytecode so that the JIT inlines it into every dispatcher.
    int m = mode;
    if (m == ARMED) {
      // Decisions 0009 and 0012: not due is one read of the site's armed word, a line the
      // application only reads; a strict closure's site is always due.
      return site.takeDue() ? beginLogged(site.closure(), site.callerId()) : null;
    }
    if (m == OFF) {
      return null;
    }
    if (m == ALL_STRICT || sampling.sample(site.closure(), site.callerId())) {
      return beginLogged(site.closure(), site.callerId());
    }
    return null;
  }

  /**
   * {@link #begin(CallSite)} for hand-written callers that have no site at hand: looks the site
   * up in the closure's map on every call. Generated code keeps its sites in static fields.
   */
  public ClosureLog begin(ClosureBinding closure, int callerId) {
    return begin(closure.site(callerId));
  }

  /** The execution will be logged (or is strict): take this thread's next log. */
  private ClosureLog beginLogged(ClosureBinding closure, int callerId) {
    AppThread t = appThread();
    if (closure.strict() || strictAll) {
      return beginStrict(t, closure, callerId);
    }
    if (t.pendingBytes() > perThreadBudget) {
      t.reclaimValidated();
      if (t.pendingBytes() > perThreadBudget) {
        t.skipped();
        skippedForMemory.increment();
        return null;
      }
    }
    ClosureLog log = t.takeLog();
    if (log == null) {
      if (!blockWhenFull) {
        t.skipped();
        return null;
      }
      log = waitForLog(t, closure);
    }
    t.start(log, closure, callerId, false);
    return log;
  }

  /**
   * Hands a finished log to the validators. For a strict closure, waits until a validator
   * confirmed it and throws {@link SdcDetectedException} if it did not.
   */
  public void publish(ClosureLog log) {
    AppThread t = log.home();
    if (log.overflowed()) {
      t.abandon(log);
      t.skipped();
      if (log.strict()) {
        throw new IllegalStateException("strict closure " + log.binding()
            + " made more than " + ClosureLog.MAX_ENTRIES + " loads or stores; cannot validate");
      }
      return;
    }
    t.publish(log);
    if (log.strict()) {
      // Do not let the caller sit out a parked validator's timeout.
      validators.wake();
      awaitVerdict(t, log, System.nanoTime() + config.strictTimeout.toNanos());
    }
  }

  private ClosureLog beginStrict(AppThread t, ClosureBinding closure, int callerId) {
    ClosureLog log = t.takeLog();
    if (log == null) {
      log = waitForLog(t, closure);
    }
    t.start(log, closure, callerId, true);
    return log;
  }

  private ClosureLog waitForLog(AppThread t, ClosureBinding closure) {
    long deadline = System.nanoTime() + config.strictTimeout.toNanos();
    int idle = 0;
    ClosureLog log;
    while ((log = t.takeLog()) == null) {
      idle = backoff(idle, deadline, closure);
    }
    return log;
  }

  private void awaitVerdict(AppThread t, ClosureLog log, long deadline) {
    int idle = 0;
    int verdict;
    while ((verdict = log.lvVerdict()) == ClosureLog.PENDING) {
      idle = backoff(idle, deadline, log.binding());
    }
    Object finding = log.finding();
    if (verdict == ClosureLog.DIVERGED) {
      throw new SdcDetectedException(finding instanceof Detection ? (Detection) finding : null);
    }
  }

  private int backoff(int idle, long deadline, ClosureBinding closure) {
    if (idle < 200) {
      Thread.onSpinWait();
    } else if (idle < 300) {
      Thread.yield();
    } else {
      LockSupport.parkNanos(20_000);
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException("closure " + closure + " was not validated within "
            + config.strictTimeout + "; are validators running?");
      }
    }
    return idle + 1;
  }

  /**
   * Reports a control-path checksum failure a closure's first load found (generated dispatchers
   * call it from their handler for {@link ChecksumMismatchException}, in every variant), applies
   * the detection policy, and returns {@code e} for the dispatcher to rethrow: the caller must not
   * go on with corrupted data.
   */
  public ChecksumMismatchException corrupted(CallSite site, ChecksumMismatchException e) {
    ClosureBinding c = site.closure();
    detections.recordChecksum(c.descriptor().id(), c.name(), c.key(), site.callerId(),
        Thread.currentThread(), CpuId.current(), e);
    return e;
  }

  /**
   * The control path's check before data leaves the process (e.g. before a value is written to a
   * socket): verifies the newest version of {@code object}; on a mismatch reports a detection,
   * applies the policy and throws {@link ChecksumMismatchException}.
   */
  public void verify(VersionedObject<?> object) {
    try {
      ControlPath.verify(object);
    } catch (ChecksumMismatchException e) {
      detections.recordChecksum(DetectionCenter.CONTROL_PATH, DetectionCenter.CONTROL_PATH, 0, -1,
          Thread.currentThread(), CpuId.current(), e);
      throw e;
    }
  }

  /** The calling thread's runtime state, registering the thread on first use. */
  public AppThread appThread() {
    Thread me = Thread.currentThread();
    AppThread[] table = byThreadId;
    AppThread t = table[(int) me.getId() & (table.length - 1)];
    if (t != null && t.thread() == me) {
      return t;
    }
    t = current.get();
    return t != null ? t : register(me);
  }

  private AppThread register(Thread me) {
    synchronized (registryLock) {
      AppThread[] old = appThreads;
      AppThread t = new AppThread(me, old.length, config.logsPerThread);
      AppThread[] next = Arrays.copyOf(old, old.length + 1);
      next[old.length] = t;
      appThreads = next;
      perThreadBudget = Math.max(1, config.memoryBudgetBytes / liveCount(next));
      current.set(t);
      AppThread[] table = byThreadId.clone();
      int slot = (int) me.getId() & (table.length - 1);
      if (table[slot] == null || !table[slot].thread().isAlive()) {
        table[slot] = t;
        byThreadId = table;
      }
      return t;
    }
  }

  private static int liveCount(AppThread[] threads) {
    int live = 0;
    for (AppThread t : threads) {
      if (t.thread().isAlive()) {
        live++;
      }
    }
    return Math.max(1, live);
  }

  // ---- validator side ----

  private final class Listener implements ValidationListener {
    @Override
    public void validated(ClosureLog log, long delayNanos, Validator validator) {
      validated.increment();
      ClosureBinding b = log.binding();
      sampling.validated(b, log.callerId());
      if (delayNanos < 0) {
        return; // an untimed log
      }
      long delay = Math.min(delayNanos, MAX_RECORDED_DELAY);
      latency.recordValue(delay);
      b.delay().record(delay);
      if (Events.latencyEnabled()) {
        Events.latency(b.name(), delay);
      }
      adapt(b, log.publishNanos() + delayNanos);
    }

    @Override
    public void mismatch(ClosureLog log, Mismatch mismatch, Validator validator) {
      Detection d = detections.record(log, mismatch, validator.currentCpu());
      log.finding(d);
    }

    @Override
    public void idle(Validator validator) {
      adapt(null, System.nanoTime());
    }
  }

  /** Delays above this (an hour) are clamped, so the histogram never has to resize. */
  private static final long MAX_RECORDED_DELAY = 3_600_000_000_000L;

  /** How often the sampling controller looks. */
  static final long CONTROL_PERIOD_NANOS = 1_000_000;

  /**
   * The sampling controller, run by validators (when they finish logs or find none) at most every
   * {@link #CONTROL_PERIOD_NANOS}. It keeps the sampling rate at what validation can sustain:
   *
   * <ul>
   *   <li>pending logs above 75% of the memory budget, or executions skipped because an
   *       application thread's logs were all pending: halve the rate;
   *   <li>queued logs above the queue target (validators fall behind, delay grows), or the
   *       paper's delay signal (last eight logs of a closure over {@code delayFactor} times its
   *       running average) with the queue at least a quarter of the target: add a validator if a
   *       core is spare, else lower the rate by a quarter;
   *   <li>the estimated logging time of some application thread above the overhead budget (cost
   *       model: fixed cost per log plus cost per recorded entry): scale the rate down to the
   *       budget;
   *   <li>otherwise, when logs were published since the last look, the queue is short and the
   *       overhead under 80% of the budget, raise the rate by an eighth (a quarter when far under
   *       the budget).
   * </ul>
   *
   * <p>Small multiplicative steps every millisecond replace the first version's halve/double on
   * a noisy signal, which oscillated between 100% and a fraction of a percent.
   */
  private void adapt(ClosureBinding closure, long now) {
    if (armedPolicy && now - lastArmNanos >= ARM_PERIOD_NANOS) {
      arm(now);
    }
    if (now - lastAdaptNanos < CONTROL_PERIOD_NANOS) {
      return;
    }
    synchronized (controllerLock) {
      long elapsed = now - lastAdaptNanos;
      if (elapsed < CONTROL_PERIOD_NANOS) {
        return;
      }
      lastAdaptNanos = now;
      control(closure, elapsed);
    }
  }

  private void control(ClosureBinding closure, long elapsedNanos) {
    AppThread[] threads = appThreads;
    long pending = 0;
    long queued = 0;
    long skipped = 0;
    double worstOverhead = 0;
    long logs = 0;
    long entries = 0;
    for (AppThread t : threads) {
      pending += t.pendingBytesEstimate();
      queued += t.queue().size();
      skipped += t.skippedCount();
      long[] d = t.controllerDelta();
      logs += d[0];
      entries += d[1];
      double loggingNanos = d[0] * config.logCostFixedNanos + d[1] * config.logCostPerEntryNanos;
      worstOverhead = Math.max(worstOverhead, loggingNanos / elapsedNanos);
    }
    if (logs > 0) {
      lastOverhead = worstOverhead;
    }
    long newSkips = skipped - lastSkipped;
    lastSkipped = skipped;
    int live = liveCount(threads);
    long target = (long) config.queueTarget * live;
    double budget = config.overheadBudget;
    liveThreads = live;
    if (logs > 0) {
      entriesPerLog = (double) entries / logs;
    }
    if (pending > config.memoryBudgetBytes * 3 / 4 || newSkips > 0) {
      adjust(0.5);
      return;
    }
    boolean delayOver = closure != null && closure.delay().over(config.delayFactor);
    if (queued > target || (delayOver && queued > target / 4)) {
      if (!validators.addIfSpareCore(live)) {
        adjust(0.75);
      } else {
        adaptations.increment();
      }
      return;
    }
    // An armed policy already logs at the budget's rate; its few logs per period make single
    // periods look over budget by one log's cost, which would ratchet the rate down: it needs a
    // few logs in the period before this rule applies.
    if (worstOverhead > budget && (!armedPolicy || logs >= MIN_LOGS_FOR_BUDGET_RULE)) {
      adjust(Math.max(0.5, budget / worstOverhead));
      return;
    }
    // Raise only on evidence: with nothing published since the last look (application idle, or
    // the runtime disabled) there is no measurement of headroom.
    if (logs > 0 && queued <= target / 4 && worstOverhead < 0.8 * budget
        && sampling.rate() < 1.0) {
      adjust(worstOverhead < 0.25 * budget ? 1.25 : 1.125);
    }
  }

  /** See {@link #control}: logs in a period an armed policy's overhead estimate needs. */
  private static final long MIN_LOGS_FOR_BUDGET_RULE = 8;

  /** Entries per log the cost model assumes before any log was measured. */
  private static final double DEFAULT_ENTRIES = 8;

  /**
   * How often an armed policy's closures are re-armed: a twentieth of the control period, so
   * the logs of a period come in small bursts (a burst of a whole period's arms at a budget of
   * 1.0 filled the thread's log ring and was skipped).
   */
  static final long ARM_PERIOD_NANOS = CONTROL_PERIOD_NANOS / 20;

  /** Longest stretch one arming covers, so a pause in control does not arm a burst. */
  private static final long MAX_ARMED_PERIOD_NANOS = 4 * ARM_PERIOD_NANOS;

  /**
   * For an armed policy (decision 0009): the logs the overhead budget allows since the last
   * arming, by the cost model (fixed cost plus the entries per log measured by the controller),
   * for every live application thread; the policy scales them by its rate and shares them among
   * closures.
   */
  private void arm(long now) {
    synchronized (controllerLock) {
      long elapsed = now - lastArmNanos;
      if (elapsed < ARM_PERIOD_NANOS) {
        return;
      }
      lastArmNanos = now;
      if (!enabled) {
        return;
      }
      double cost = config.logCostFixedNanos + entriesPerLog * config.logCostPerEntryNanos;
      long period = Math.min(elapsed, MAX_ARMED_PERIOD_NANOS);
      sampling.arm(config.overheadBudget * period * liveThreads / Math.max(1.0, cost));
    }
  }

  private void adjust(double factor) {
    sampling.adjust(factor);
    adaptations.increment();
  }

  private void validatorFailed(Throwable t) {
    if (config.err != null) {
      config.err.println("orthrus: validator error: " + t);
      t.printStackTrace(config.err);
    }
  }

  // ---- control and monitoring ----

  public boolean enabled() {
    return enabled;
  }

  /** Turns logging off (closures run their unlogged variant) or back on. */
  public void enabled(boolean on) {
    this.enabled = on;
    updateMode();
  }

  public void strictAll(boolean strict) {
    this.strictAll = strict;
    updateMode();
  }

  private synchronized void updateMode() {
    mode = !enabled ? OFF : strictAll ? ALL_STRICT : sampling.armed() ? ARMED : SAMPLED;
  }

  /**
   * Makes a thread whose ring has no free log wait for one instead of skipping. Only for stress tests that must
   * validate every execution; it breaks the rule that validation never blocks the application.
   */
  public void blockWhenFull(boolean block) {
    this.blockWhenFull = block;
  }

  public SamplingPolicy sampling() {
    return sampling;
  }

  public DetectionCenter detections() {
    return detections;
  }

  public ValidatorPool validators() {
    return validators;
  }

  public RuntimeConfig config() {
    return config;
  }

  public long validatedCount() {
    return validated.sum();
  }

  public long skippedForMemory() {
    return skippedForMemory.sum();
  }

  /**
   * The controller's latest estimate of the busiest application thread's time spent logging, as
   * a fraction of wall time (from its cost model), from its last look that saw logs published.
   */
  public double estimatedOverhead() {
    return lastOverhead;
  }

  public long adaptations() {
    return adaptations.sum();
  }

  public long publishedCount() {
    long n = 0;
    for (AppThread t : appThreads) {
      n += t.publishedCount();
    }
    return n;
  }

  public long skippedCount() {
    long n = 0;
    for (AppThread t : appThreads) {
      n += t.skippedCount();
    }
    return n;
  }

  public long pendingBytes() {
    long n = 0;
    for (AppThread t : appThreads) {
      n += t.pendingBytesEstimate();
    }
    return n;
  }

  public long queuedLogs() {
    long n = 0;
    for (AppThread t : appThreads) {
      n += t.queue().size();
    }
    return n;
  }

  /** Waits until every published log was validated, or the timeout passed; true if drained. */
  public boolean awaitDrained(long timeoutMillis) {
    long deadline = System.currentTimeMillis() + timeoutMillis;
    while (System.currentTimeMillis() < deadline) {
      if (queuedLogs() == 0 && validated.sum() >= publishedCount()) {
        return true;
      }
      LockSupport.parkNanos(200_000);
    }
    return false;
  }

  /** Validation delays recorded since the last call (nanoseconds), accumulated. */
  public synchronized Histogram latencySinceLastCall() {
    Histogram interval = latency.getIntervalHistogram();
    latencyTotal.add(interval);
    return interval;
  }

  /** All validation delays recorded so far (nanoseconds). */
  public synchronized Histogram latencyTotal() {
    latencyTotal.add(latency.getIntervalHistogram());
    return latencyTotal.copy();
  }

  public boolean pinningSupported() {
    return Pinning.supported();
  }

  @Override
  public void close() {
    enabled(false);
    validators.stop();
    if (mxBean != null) {
      mxBean.unregister();
    }
  }
}
