package dev.orthrus.runtime;

import dev.orthrus.runtime.api.AppThread;
import dev.orthrus.runtime.api.CallSite;
import dev.orthrus.runtime.api.ChecksumMismatchException;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.ClosureRuntime;
import dev.orthrus.runtime.api.ControlPath;
import dev.orthrus.runtime.api.Detection;
import dev.orthrus.runtime.api.ResultKind;
import dev.orthrus.runtime.api.SdcDetectedException;
import dev.orthrus.runtime.api.ValidatorThread;
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
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The runtime a protected application runs with: the logged path of {@link ClosureRuntime} (taking
 * and publishing logs, the memory budget, strict mode), assembled with the thread registry, the
 * validators, the sampling controller and the detection center. Generated code sees it as a {@link
 * ClosureRuntime}; the application starts one with {@link #start}, installs it with {@code
 * Orthrus.install} and monitors it here.
 */
public final class OrthrusRuntime extends ClosureRuntime implements AutoCloseable {

  private final RuntimeConfig config;
  private final SamplingPolicy sampling;
  private final DetectionCenter detections;
  private final ThreadRegistry registry;
  private final SamplingController controller;
  private final ValidatorPool validators;
  private volatile boolean enabled = true;
  private volatile boolean strictAll;
  private volatile boolean blockWhenFull;

  private final LongAdder validated = new LongAdder();
  private final LongAdder notValidated = new LongAdder();

  /** Executions not validated by closure name, with the first reason met for each. */
  private final ConcurrentHashMap<String, NotValidated> notValidatedByClosure =
      new ConcurrentHashMap<>();

  private volatile boolean notValidatedReported;
  private final LongAdder tooLarge = new LongAdder();
  private volatile boolean tooLargeReported;
  private volatile boolean stallReported;
  private final LongAdder skippedForMemory = new LongAdder();

  /** Time application threads spent waiting for a free log ({@link #blockWhenFull}). */
  private final LongAdder logWaitNanos = new LongAdder();

  private final Recorder latency = new Recorder(3);
  private final Histogram latencyTotal = new Histogram(3);
  private final RuntimeMXBeanImpl mxBean;

  public OrthrusRuntime(RuntimeConfig config) {
    CpuId.probeInBackground(); // the affinity library loads meanwhile (decision 0090)
    this.config = config;
    this.sampling = config.sampling.get();
    this.strictAll = config.strictAll;
    updateMode();
    this.registry = new ThreadRegistry(config.logsPerThread, config.memoryBudgetBytes);
    this.detections =
        new DetectionCenter(
            config.policy, config.callback, config.reproducerDir, config.halt, config.err);
    this.controller = new SamplingController(config, sampling, registry, () -> enabled);
    this.validators =
        new ValidatorPool(
            registry::threads,
            registry::polledQueues,
            new Listener(),
            this::validatorFailed,
            config.maxValidators,
            config.pinValidators,
            config.cpus,
            config.idleStrategy,
            config.spinOnOwnCpu,
            config.validatorStackBytes,
            config.validationBudget);
    controller.validators(validators);
    for (int i = 0; i < config.validators; i++) {
      validators.add();
    }
    this.mxBean = config.jmx ? RuntimeMXBeanImpl.register(this) : null;
  }

  public static OrthrusRuntime start(RuntimeConfig config) {
    return new OrthrusRuntime(config);
  }

  // ---- logged path ----

  @Override
  protected ClosureLog beginSampled(CallSite site) {
    return sampling.sample(site.closure(), site.callerId()) ? beginLogged(site) : null;
  }

  /**
   * The execution will be logged (or is strict): take this thread's next log. Never on a
   * validator's thread: a closure called from code VAL runs that the rewriter did not instrument (a
   * {@code toString} a closure's {@code +=} calls) runs its plain variant there, whose accesses to
   * live user data a validator refuses (the execution is then not validated); a logged one would
   * store to live data through its log.
   */
  @Override
  protected ClosureLog beginLogged(CallSite site) {
    if (Thread.currentThread() instanceof ValidatorThread) {
      return null;
    }
    ClosureBinding closure = site.closure();
    AppThread t = registry.current();
    if (closure.strict() || strictAll) {
      return beginStrict(t, closure, site.callerId());
    }
    // What one log in eight costs this thread, for the controller's cost model (decision 0040).
    long began = t.measuresNextLog() ? System.nanoTime() : ClosureLog.UNTIMED;
    long budget = registry.perThreadBudget();
    if (t.pendingBytes() > budget) {
      t.reclaimValidated();
      if (t.pendingBytes() > budget) {
        t.skipped();
        skippedForMemory.increment();
        return null;
      }
    }
    ClosureLog log = t.takeLog();
    if (log == null) {
      if (!blockWhenFull || t.gaveUpWaiting()) {
        t.skipped();
        return null;
      }
      log = waitForFreeLog(t);
      if (log == null) {
        t.skipped();
        return null;
      }
      // Waiting for a validator is not what a log costs.
      began = ClosureLog.UNTIMED;
    } else if (t.gaveUpWaiting()) {
      t.gaveUpWaiting(false);
    }
    t.start(log, closure, site.callerId(), false, began);
    return log;
  }

  @Override
  public void publish(ClosureLog log) {
    if (log.revoked()) {
      return; // its slot has a new log (AppThread#takeLog): nothing waits for this one
    }
    if (log.resultKind() == ResultKind.THROWN
        && log.resultRef() instanceof ChecksumMismatchException
        && firstReport((ChecksumMismatchException) log.resultRef())) {
      // A check in a closure its APP variant ran inline, which no dispatcher of its own handles.
      reportChecksum(log.binding(), log.callerId(), (ChecksumMismatchException) log.resultRef());
    }
    log.noteThreadMocks();
    AppThread t = log.home();
    if (log.overflowed()) {
      ClosureBinding closure = log.binding();
      boolean strict = log.strict();
      t.abandon(log);
      t.skipped(); // the controller samples less of what it cannot log
      tooLarge.increment();
      if (config.err != null && !tooLargeReported) {
        tooLargeReported = true;
        config.err.println(
            "orthrus: an execution of "
                + closure.name()
                + " made more than "
                + ClosureLog.MAX_ENTRIES
                + " loads and stores: too large to log, so executions this large are never"
                + " validated (split the closure). Later ones are only counted (tooLargeCount).");
      }
      if (strict) {
        throw new IllegalStateException(
            "strict closure "
                + closure
                + " made more than "
                + ClosureLog.MAX_ENTRIES
                + " loads or stores; cannot validate");
      }
      return;
    }
    t.publish(log);
    if (log.strict()) {
      // Do not let the caller sit out a parked validator's timeout.
      validators.wake();
      awaitVerdict(log, System.nanoTime() + config.strictTimeout.toNanos());
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

  /**
   * How long an application thread whose logs are all pending waits (sampling all) for a validator
   * to hand one back, or to use CPU, before it runs the closure unlogged. Validators that keep up
   * hand logs back within microseconds; a slow one frees a log at a time, or at least computes (the
   * re-execution of a long closure); one that does neither for this long is blocked (decision
   * 0049).
   */
  public static final long STALL_NANOS = 250_000_000L;

  /**
   * A free log for {@code t} (sampling all), or null when validators neither handed one back nor
   * worked ({@link ValidatorPool#cpuNanos}: less than a 32nd of a CPU) within {@link #STALL_NANOS}
   * in which no collection ran, or handed none back within the strict timeout: the thread then
   * skips logging, without waiting, until one comes back. A blocked validator waits for something
   * the waiting thread holds: the initialization of a class whose static initializer calls closures
   * (the JVM makes every other thread that uses the class wait). Waiting for it for ever would hang
   * the program.
   */
  private ClosureLog waitForFreeLog(AppThread t) {
    long start = System.nanoTime();
    try {
      return waitForFreeLog(t, start);
    } finally {
      logWaitNanos.add(System.nanoTime() - start);
    }
  }

  private ClosureLog waitForFreeLog(AppThread t, long start) {
    long deadline = start + STALL_NANOS;
    long cpu = validators.cpuNanos();
    long gc = gcMillis();
    // A virtual thread that yields or parks gives its carrier to the next task, which fills its
    // own ring and waits too: every task of an executor would start and keep its stack.
    int idle = ThreadRegistry.isVirtual(Thread.currentThread()) ? Integer.MIN_VALUE : 0;
    ClosureLog log;
    while ((log = t.takeLog()) == null) {
      long now = System.nanoTime();
      if (now - deadline > 0) {
        long cpuNow = validators.cpuNanos();
        long gcNow = gcMillis();
        // A blocked validator computes nothing; one starved by other threads on a crowded
        // machine still gets some CPU in 250 ms (an outside trial saw logging stop at a quarter).
        boolean working = cpu >= 0 && cpuNow - cpu >= STALL_NANOS / 32;
        // A collection stops validators too: its pauses (300 ms over the deep stacks of a
        // recursion) do not count as validators not working.
        boolean collected = gcNow > gc;
        boolean timedOut = now - start > config.strictTimeout.toNanos();
        if ((!working && !collected) || timedOut) {
          t.gaveUpWaiting(true);
          reportStall(t, timedOut);
          return null;
        }
        cpu = cpuNow;
        gc = gcNow;
        deadline = now + STALL_NANOS;
      }
      idle = pause(idle);
    }
    return log;
  }

  /** Milliseconds the garbage collectors spent collecting so far (pauses, mostly). */
  private static long gcMillis() {
    long total = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      total += Math.max(0, gc.getCollectionTime());
    }
    return total;
  }

  private void reportStall(AppThread t, boolean timedOut) {
    if (config.err != null && !stallReported) {
      stallReported = true;
      String why =
          timedOut
              ? "validators handed none back within "
                  + config.strictTimeout.toMillis()
                  + " ms (they re-execute more slowly than the application threads log)"
              : "validators neither handed one back nor used CPU for "
                  + STALL_NANOS / 1_000_000
                  + " ms (blocked: one may be waiting for a class this thread is initializing,"
                  + " or given no CPU)";
      config.err.println(
          "orthrus: thread "
              + t.thread().getName()
              + " stopped waiting for a free log: "
              + why
              + "; it runs closures unlogged until validators catch up."
              + " Not a detection; the executions count as skipped.");
    }
  }

  private void awaitVerdict(ClosureLog log, long deadline) {
    int idle = 0;
    int verdict;
    while ((verdict = log.lvVerdict()) == ClosureLog.PENDING) {
      idle = backoff(idle, deadline, log.binding());
    }
    if (verdict == ClosureLog.DIVERGED) {
      throw new SdcDetectedException(log.finding());
    }
  }

  private int backoff(int idle, long deadline, ClosureBinding closure) {
    if (idle >= 300 && System.nanoTime() - deadline > 0) {
      throw new IllegalStateException(
          "closure "
              + closure
              + " was not validated within "
              + config.strictTimeout
              + "; are validators running?");
    }
    return pause(idle);
  }

  /**
   * One pause of a wait: spins, then yields, then parks 20 us at a time; returns {@code idle + 1}.
   * An {@code idle} below zero (a virtual thread's wait for a log) spins throughout, keeping its
   * carrier, and stays as it is.
   */
  private static int pause(int idle) {
    if (idle < 0) {
      Thread.onSpinWait();
      return idle;
    }
    if (idle < 200) {
      Thread.onSpinWait();
    } else if (idle < 300) {
      Thread.yield();
    } else {
      LockSupport.parkNanos(20_000);
    }
    return idle + 1;
  }

  @Override
  protected void reportCorrupted(CallSite site, ChecksumMismatchException e) {
    reportChecksum(site.closure(), site.callerId(), e);
  }

  private void reportChecksum(ClosureBinding c, int callerId, ChecksumMismatchException e) {
    detections.recordChecksum(
        c.descriptor().id(),
        c.name(),
        c.key(),
        callerId,
        Thread.currentThread(),
        CpuId.current(),
        e);
  }

  @Override
  public void verify(VersionedObject<?> object) {
    try {
      ControlPath.verify(object);
    } catch (ChecksumMismatchException e) {
      firstReport(e); // thrown just now: reported here, not again by a dispatcher it leaves
      detections.recordChecksum(
          DetectionCenter.CONTROL_PATH,
          DetectionCenter.CONTROL_PATH,
          0,
          -1,
          Thread.currentThread(),
          CpuId.current(),
          e);
      throw e;
    }
  }

  /** The calling thread's runtime state, registering the thread on first use. */
  public AppThread appThread() {
    return registry.current();
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
      controller.tick(b, log.publishNanos() + delayNanos);
    }

    @Override
    public void notValidated(ClosureLog log, String reason, Validator validator) {
      notValidated.increment();
      notValidatedByClosure
          .computeIfAbsent(log.binding().name(), name -> new NotValidated(name, reason))
          .count()
          .increment();
      if (config.err != null && !notValidatedReported) {
        notValidatedReported = true;
        config.err.println(
            "orthrus: an execution of "
                + log.binding().name()
                + " was not validated ("
                + reason
                + "); not a detection. Later ones are only counted"
                + " (notValidatedCount).");
      }
    }

    @Override
    public void mismatch(ClosureLog log, Mismatch mismatch, Validator validator) {
      Detection d = detections.record(log, mismatch, validator.currentCpu());
      log.finding(d);
    }

    @Override
    public void idle(Validator validator) {
      controller.tick(null, System.nanoTime());
    }
  }

  /** Delays above this (an hour) are clamped, so the histogram never has to resize. */
  private static final long MAX_RECORDED_DELAY = 3_600_000_000_000L;

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
    mode(!enabled ? OFF : strictAll ? ALL_STRICT : sampling.armed() ? ARMED : SAMPLED);
  }

  /**
   * Makes a thread whose ring has no free log wait for one instead of skipping. Only for stress
   * tests that must validate every execution; it breaks the rule that validation never blocks the
   * application.
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

  /**
   * The executions a validator could not validate, one entry per closure: its name, how many, and
   * the first reason met (a closure is usually not validated for one reason).
   */
  public record NotValidated(String closure, String firstReason, LongAdder count) {
    NotValidated(String closure, String firstReason) {
      this(closure, firstReason, new LongAdder());
    }
  }

  /** {@link NotValidated} per closure, most executions first. */
  public List<NotValidated> notValidatedByClosure() {
    List<NotValidated> all = new ArrayList<>(notValidatedByClosure.values());
    all.sort((a, b) -> Long.compare(b.count().sum(), a.count().sum()));
    return all;
  }

  /**
   * Published executions a validator could not validate, for reasons that are not evidence of a
   * faulty core: a stack or the heap ran out, or class initialization failed, on either side, or
   * the caller changed an argument it owns before the validator got to it.
   */
  public long notValidatedCount() {
    return notValidated.sum();
  }

  public long skippedForMemory() {
    return skippedForMemory.sum();
  }

  /**
   * The controller's latest estimate of the busiest application thread's time spent logging, as a
   * fraction of wall time (from its cost model), from its last look that saw logs published.
   */
  public double estimatedOverhead() {
    return controller.estimatedOverhead();
  }

  /**
   * The scale the controller applies to the configured cost model ({@code logCostNanos}) from what
   * measured logs cost the application threads: from 1 to 4 (decision 0040).
   */
  public double logCostCalibration() {
    return controller.calibration();
  }

  public long adaptations() {
    return controller.adaptations();
  }

  /** Logs published by every application thread so far, ended ones included. */
  public long publishedCount() {
    return registry.publishedCount();
  }

  /**
   * Nanoseconds application threads spent waiting for validators to hand a log back, every
   * execution being logged ({@link #blockWhenFull}): what logging everything costs beyond logging
   * when one validator core does not keep up.
   */
  public long logWaitNanos() {
    return logWaitNanos.sum();
  }

  /**
   * Sampled executions that were not logged: no free log, or too large ({@link #tooLargeCount}),
   * both counted.
   */
  public long skippedCount() {
    return registry.skippedCount();
  }

  /**
   * Sampled executions that made more than {@link ClosureLog#MAX_ENTRIES} loads and stores: not
   * logged, never validated; part of {@link #skippedCount}.
   */
  public long tooLargeCount() {
    return tooLarge.sum();
  }

  public long pendingBytes() {
    return registry.pendingBytes();
  }

  public long queuedLogs() {
    return registry.queuedLogs();
  }

  /**
   * Application threads the runtime holds state for: live ones, and ended ones whose published logs
   * are not all claimed by validators yet.
   */
  public int registeredThreads() {
    return registry.registered();
  }

  /** Application threads whose state was dropped after they ended (decision 0014). */
  public long retiredThreads() {
    return registry.retiredCount();
  }

  /** Waits until every published log was validated, or the timeout passed; true if drained. */
  public boolean awaitDrained(long timeoutMillis) {
    long deadline = System.currentTimeMillis() + timeoutMillis;
    while (System.currentTimeMillis() < deadline) {
      if (queuedLogs() == 0 && validated.sum() + notValidated.sum() >= publishedCount()) {
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
