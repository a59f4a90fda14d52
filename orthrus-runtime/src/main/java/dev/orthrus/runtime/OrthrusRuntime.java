package dev.orthrus.runtime;

import dev.orthrus.runtime.cpu.Pinning;
import dev.orthrus.runtime.log.AppThread;
import dev.orthrus.runtime.log.ClosureLog;
import dev.orthrus.runtime.report.Detection;
import dev.orthrus.runtime.report.DetectionCenter;
import dev.orthrus.runtime.report.Events;
import dev.orthrus.runtime.report.SdcDetectedException;
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
 * ClosureLog log = rt.begin(GET, CALLER_7);
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
  private volatile boolean enabled = true;
  private volatile boolean strictAll;
  private volatile boolean blockWhenFull;
  private volatile long perThreadBudget;

  private final LongAdder validated = new LongAdder();
  private final LongAdder skippedForMemory = new LongAdder();
  private final LongAdder adaptations = new LongAdder();
  private final Recorder latency = new Recorder(3);
  private final Histogram latencyTotal = new Histogram(3);
  private volatile long lastAdaptNanos;
  private volatile long lastSkipped;
  private final RuntimeMXBeanImpl mxBean;

  public OrthrusRuntime(RuntimeConfig config) {
    this.config = config;
    this.sampling = config.sampling.get();
    this.strictAll = config.strictAll;
    this.perThreadBudget = config.memoryBudgetBytes;
    this.detections = new DetectionCenter(
        config.policy, config.callback, config.reproducerDir, config.halt, config.err);
    this.validators = new ValidatorPool(
        () -> appThreads, new Listener(), this::validatorFailed, config.maxValidators,
        config.pinValidators);
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
   * Starts logging one execution of {@code closure}, or returns null when this execution is not
   * validated (runtime disabled, not sampled, memory budget reached, or no free log).
   */
  public ClosureLog begin(ClosureBinding closure, int callerId) {
    if (!enabled) {
      return null;
    }
    AppThread t = appThread();
    boolean strict = strictAll || closure.descriptor().strict();
    if (strict) {
      return beginStrict(t, closure, callerId);
    }
    if (t.pendingBytes() > perThreadBudget) {
      t.skipped();
      skippedForMemory.increment();
      return null;
    }
    if (!sampling.sample(closure, callerId, t)) {
      return null;
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
    if (!log.strict() && !blockWhenFull) {
      t.publish(log, System.nanoTime());
      return;
    }
    long deadline = System.nanoTime() + config.strictTimeout.toNanos();
    int idle = 0;
    while (!t.tryPublish(log, System.nanoTime())) {
      idle = backoff(idle, deadline, log.binding());
    }
    if (log.strict()) {
      awaitVerdict(t, log, deadline);
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
    t.recycle(log);
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

  /** The calling thread's runtime state, registering the thread on first use. */
  public AppThread appThread() {
    AppThread t = current.get();
    return t != null ? t : register();
  }

  private AppThread register() {
    synchronized (registryLock) {
      AppThread[] old = appThreads;
      AppThread t = new AppThread(Thread.currentThread(), old.length, config.logsPerThread);
      AppThread[] next = Arrays.copyOf(old, old.length + 1);
      next[old.length] = t;
      appThreads = next;
      perThreadBudget = Math.max(1, config.memoryBudgetBytes / liveCount(next));
      current.set(t);
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
      long delay = Math.max(0, delayNanos);
      latency.recordValue(delay);
      ClosureBinding b = log.binding();
      b.delay().record(delay);
      sampling.validated(b, log.callerId());
      if (Events.latencyEnabled()) {
        Events.latency(b.name(), delay);
      }
      if ((validator.validatedCount() & 63) == 0) {
        adapt(b);
      }
    }

    @Override
    public void mismatch(ClosureLog log, Mismatch mismatch, Validator validator) {
      Detection d = detections.record(log, mismatch, validator.currentCpu());
      log.finding(d);
    }
  }

  /**
   * The sampling controller, at most every 2 ms. Lowers the rate one step when pending logs pass
   * 75% of the memory budget, when executions were skipped for lack of a free log since the last
   * look (validators saturated), or when the delay of the last eight logs exceeds the threshold
   * (the paper's signal; a validator is added first if a core is spare). Raises it one step when
   * none of that holds and the queues are nearly empty.
   */
  private void adapt(ClosureBinding closure) {
    long now = System.nanoTime();
    if (now - lastAdaptNanos < 2_000_000) {
      return;
    }
    lastAdaptNanos = now;
    AppThread[] threads = appThreads;
    long pending = 0;
    long queued = 0;
    long skipped = 0;
    for (AppThread t : threads) {
      pending += t.pendingBytesEstimate();
      queued += t.queue().size();
      skipped += t.skippedCount();
    }
    long newSkips = skipped - lastSkipped;
    lastSkipped = skipped;
    long capacity = (long) threads.length * config.logsPerThread;
    if (pending > config.memoryBudgetBytes * 3 / 4 || newSkips > 0) {
      sampling.lower();
      adaptations.increment();
      return;
    }
    if (closure.delay().over(config.delayFactor)) {
      if (!validators.addIfSpareCore(liveCount(threads))) {
        sampling.lower();
      }
      adaptations.increment();
      return;
    }
    if (queued <= capacity / 16
        && pending < config.memoryBudgetBytes / 4
        && sampling.rate() < 1.0) {
      sampling.raise();
      adaptations.increment();
    }
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
  }

  public void strictAll(boolean strict) {
    this.strictAll = strict;
  }

  /**
   * Makes a full queue or empty pool wait instead of skipping. Only for stress tests that must
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
    enabled = false;
    validators.stop();
    if (mxBean != null) {
      mxBean.unregister();
    }
  }
}
