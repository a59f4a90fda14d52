package dev.orthrus.runtime;

import dev.orthrus.runtime.api.AppThread;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.sample.SamplingPolicy;
import dev.orthrus.runtime.validate.ValidatorPool;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;

/**
 * The sampling controller, run by validators (when they finish logs or find none) at most every
 * {@link #CONTROL_PERIOD_NANOS}. It keeps the sampling rate at what validation can sustain:
 *
 * <ul>
 *   <li>pending logs above 75% of the memory budget, or executions skipped because an application
 *       thread's logs were all pending: halve the rate;
 *   <li>queued logs above the queue target (validators fall behind, delay grows), or the paper's
 *       delay signal (last eight logs of a closure over {@code delayFactor} times its running
 *       average) with the queue at least a quarter of the target: add a validator if a core is
 *       spare, else lower the rate by a quarter;
 *   <li>the estimated logging time of some application thread above the overhead budget (cost
 *       model: fixed cost per log plus cost per recorded entry, scaled by what measured logs cost,
 *       decision 0040): scale the rate down to the budget;
 *   <li>otherwise, when logs were published since the last look, the queue is short and the
 *       overhead under 80% of the budget, raise the rate by an eighth (a quarter when far under the
 *       budget).
 * </ul>
 *
 * <p>Small multiplicative steps every millisecond, because halving and doubling on a noisy signal
 * make the rate oscillate (decision 0005). Each look also retires the state of ended threads
 * ({@link ThreadRegistry#retireDead}). With an armed policy it re-arms call sites every {@link
 * #ARM_PERIOD_NANOS} (decision 0009).
 */
final class SamplingController {

  /** How often the controller looks, with up to {@link #THREADS_PER_PERIOD} threads registered. */
  static final long CONTROL_PERIOD_NANOS = 1_000_000;

  /**
   * Registered threads one control period walks: a look reads every registered thread's counters,
   * queue and liveness (about a microsecond each when they are out of the caches), so with more
   * threads the period stretches in proportion and the looks keep to a few percent of a validator's
   * time. A thread-per-task server on virtual threads registers tens of thousands; at a look per
   * millisecond the validator running the controller did little else.
   */
  static final int THREADS_PER_PERIOD = 32;

  /** The longest the period stretches. */
  private static final long MAX_CONTROL_PERIOD_NANOS = 500 * CONTROL_PERIOD_NANOS;

  /**
   * How often an armed policy's call sites are re-armed: a twentieth of the control period, so the
   * logs of a period come in small bursts (a burst of a whole period's arms at a budget of 1.0
   * fills the thread's log ring and is skipped; decision 0009).
   */
  static final long ARM_PERIOD_NANOS = CONTROL_PERIOD_NANOS / 20;

  /**
   * Longest stretch one arming covers: the longest an idle validator parks (1 ms, {@code
   * IdleStrategy.backoff}), so that an application whose few logs leave the validators parked gets
   * its whole budget (covering 200 us of each parked millisecond armed a fifth of it), and a longer
   * pause in control (a collection, a descheduled validator) does not arm a burst (decision 0087).
   */
  private static final long MAX_ARMED_PERIOD_NANOS = 20 * ARM_PERIOD_NANOS;

  /** See {@link #control}: logs in a period an armed policy's overhead estimate needs. */
  private static final long MIN_LOGS_FOR_BUDGET_RULE = 8;

  /** Entries per log the cost model assumes before any log was measured. */
  private static final double DEFAULT_ENTRIES = 8;

  /**
   * Control periods with measured logs whose factors the calibration is the median of: enough that
   * a period whose measured log includes a preemption of the application thread (milliseconds in
   * one log) does not move it, few enough to follow a change in a few dozen measured logs.
   */
  static final int CALIBRATION_PERIODS = 15;

  /**
   * The most the calibration scales the configured model by. A sparse log costs more than a dense
   * one, and more still on a machine whose other work evicts the logged path from the caches, so a
   * fully calibrated rate feeds on itself: on a heavily loaded 2-vCPU VM logs measured 30 to 50
   * times the model and validation all but stopped (decision 0040). Up to this bound the budget is
   * kept; beyond it the runtime keeps validating at a quarter of the model's rate, and a user who
   * wants the budget kept there raises {@code logCostNanos}.
   */
  static final double MAX_CALIBRATION = 4;

  private final RuntimeConfig config;
  private final SamplingPolicy sampling;
  private final ThreadRegistry registry;
  private final BooleanSupplier enabled;
  private final boolean armedPolicy;
  private final LongAdder adaptations = new LongAdder();
  private final Object lock = new Object();

  /** Set once, after the pool (whose validators run this controller) is built. */
  private ValidatorPool validators;

  private volatile long lastAdaptNanos;
  private volatile long lastArmNanos;
  private volatile double lastOverhead;
  // Guarded by lock.
  private long lastSkipped;

  /** Logs queued at the last look, and whether validators were behind then (guarded by lock). */
  private long lastQueued;

  private boolean lastBehind;

  /** Measured by the controller for the arming rate. */
  private double entriesPerLog = DEFAULT_ENTRIES;

  /**
   * What measured logs cost over what the configured model says they cost, per control period with
   * measured logs, in a ring of the last {@link #CALIBRATION_PERIODS}; {@link #calibration} is
   * their median, at least 1.
   */
  private final double[] calibrationFactors = new double[CALIBRATION_PERIODS];

  private int calibrationNext;

  /** Periods measured so far, up to {@link #CALIBRATION_PERIODS}. */
  private int calibrationPeriods;

  /** The scale applied to the configured cost model (decision 0040); 1 until a log is measured. */
  private volatile double calibration = 1.0;

  /** Share of an application thread's time spent reading its CPU id, smoothed. */
  private double cpuReadShare;

  /**
   * Application threads that can run at once: the live ones, at most one per CPU. The budget is a
   * share of the application's CPU time, and thousands of live threads (a thread per connection, a
   * virtual thread per task) run on a few CPUs; counting each as a busy thread armed logs for
   * nearly every execution.
   */
  private int runningThreads = 1;

  SamplingController(
      RuntimeConfig config,
      SamplingPolicy sampling,
      ThreadRegistry registry,
      BooleanSupplier enabled) {
    this.config = config;
    this.sampling = sampling;
    this.registry = registry;
    this.enabled = enabled;
    this.armedPolicy = sampling.armed();
  }

  void validators(ValidatorPool validators) {
    this.validators = validators;
  }

  /**
   * A validator finished a log of {@code closure} (null: it found no work) at {@code now}: arms and
   * controls when their periods have passed.
   */
  void tick(ClosureBinding closure, long now) {
    if (armedPolicy && now - lastArmNanos >= ARM_PERIOD_NANOS) {
      arm(now);
    }
    long period = controlPeriodNanos(registry.registered());
    if (now - lastAdaptNanos < period) {
      return;
    }
    synchronized (lock) {
      long elapsed = now - lastAdaptNanos;
      if (elapsed < period) {
        return;
      }
      lastAdaptNanos = now;
      control(closure, elapsed);
    }
  }

  /** The control period with {@code registered} threads to look at. */
  static long controlPeriodNanos(int registered) {
    long periods = Math.max(1, (registered + THREADS_PER_PERIOD - 1) / THREADS_PER_PERIOD);
    return Math.min(MAX_CONTROL_PERIOD_NANOS, periods * CONTROL_PERIOD_NANOS);
  }

  private void control(ClosureBinding closure, long elapsedNanos) {
    int live = registry.retireDead();
    AppThread[] threads = registry.threads();
    long pending = 0;
    long queued = 0;
    double worstOverhead = 0;
    long logs = 0;
    long entries = 0;
    long measuredLogs = 0;
    long measuredEntries = 0;
    long measuredNanos = 0;
    long cpuReads = 0;
    for (AppThread t : threads) {
      pending += t.pendingBytesView();
      queued += t.queue().size();
      long[] d = t.controllerDelta();
      logs += d[0];
      entries += d[1];
      measuredLogs += d[2];
      measuredEntries += d[3];
      measuredNanos += d[4];
      cpuReads += d[5];
      double loggingNanos = calibration * modelNanos(d[0], d[1]) + d[5];
      worstOverhead = Math.max(worstOverhead, loggingNanos / elapsedNanos);
    }
    if (measuredLogs > 0) {
      calibrate(measuredNanos / modelNanos(measuredLogs, measuredEntries));
    }
    // A thread reads its CPU id at most once a millisecond, whatever the logging rate: a share of
    // its time taken off the budget for logs, smoothed over a few periods (decision 0040).
    runningThreads = Math.max(1, Math.min(live, config.cpus.getAsInt()));
    cpuReadShare += ((double) cpuReads / elapsedNanos / runningThreads - cpuReadShare) / 8;
    if (logs > 0) {
      lastOverhead = worstOverhead;
    }
    // Retired threads included, so the total never drops when one is retired.
    long skipped = registry.skippedCount();
    long newSkips = skipped - lastSkipped;
    lastSkipped = skipped;
    long target = (long) config.queueTarget * live;
    double budget = config.overheadBudget;
    if (logs > 0) {
      entriesPerLog = (double) entries / logs;
    }
    if (pending > config.memoryBudgetBytes * 3 / 4 || newSkips > 0) {
      adjust(0.5);
      return;
    }
    boolean delayOver = closure != null && closure.delay().over(config.delayFactor);
    boolean behind = queued > target || (delayOver && queued > target / 4);
    boolean stillBehind = behind && lastBehind && queued >= lastQueued;
    lastBehind = behind;
    lastQueued = queued;
    if (behind) {
      // Lower only when the backlog outlasts a look and does not shrink: a burst of logs, or a cold
      // validator's backlog that it is draining, is no sign that validation cannot keep up at this
      // rate, and lowering it would cut coverage for the climb back (decision 0041).
      if (!stillBehind) {
        return;
      }
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
    if (logs > 0 && queued <= target / 4 && worstOverhead < 0.8 * budget && sampling.rate() < 1.0) {
      adjust(worstOverhead < 0.25 * budget ? 1.25 : 1.125);
    }
  }

  /**
   * For an armed policy (decision 0009): the logs the overhead budget allows since the last arming,
   * by the cost model (fixed cost plus the entries per log measured by the controller), for every
   * application thread that can run at once (live ones, at most one per CPU); the policy scales
   * them by its rate and shares them among call sites.
   */
  private void arm(long now) {
    synchronized (lock) {
      long elapsed = now - lastArmNanos;
      if (elapsed < ARM_PERIOD_NANOS) {
        return;
      }
      lastArmNanos = now;
      if (!enabled.getAsBoolean()) {
        return;
      }
      double cost = calibration * modelNanos(1, entriesPerLog);
      long period = Math.min(elapsed, MAX_ARMED_PERIOD_NANOS);
      double budget = Math.max(0, config.overheadBudget - cpuReadShare);
      sampling.arm(budget * period * runningThreads / cost);
    }
  }

  /** The configured cost model: what {@code logs} logs with {@code entries} entries in all cost. */
  private double modelNanos(double logs, double entries) {
    return Math.max(1.0, logs * config.logCostFixedNanos + entries * config.logCostPerEntryNanos);
  }

  /**
   * Adds one period's factor (measured cost over the model's) and, once {@link
   * #CALIBRATION_PERIODS} periods were measured, sets the calibration to the median of the recent
   * ones, so that a few slow logs (the first ones, while classes load; one during which the thread
   * was descheduled) do not move it. Never below 1: the configured model is the least a log is
   * taken to cost, so measuring only ever makes the controller log less than the configuration
   * says; at most {@link #MAX_CALIBRATION} (decision 0040).
   */
  private void calibrate(double factor) {
    calibrationFactors[calibrationNext] = factor;
    calibrationNext = (calibrationNext + 1) % CALIBRATION_PERIODS;
    if (calibrationPeriods < CALIBRATION_PERIODS) {
      calibrationPeriods++;
      if (calibrationPeriods < CALIBRATION_PERIODS) {
        return;
      }
    }
    double[] recent = calibrationFactors.clone();
    Arrays.sort(recent);
    calibration = Math.min(MAX_CALIBRATION, Math.max(1.0, recent[CALIBRATION_PERIODS / 2]));
  }

  /**
   * The scale the controller applies to the configured cost model ({@code logCostNanos}): the
   * median, over recent control periods, of what measured logs cost over what the model says, at
   * least 1 (decision 0040).
   */
  double calibration() {
    return calibration;
  }

  private void adjust(double factor) {
    sampling.adjust(factor);
    adaptations.increment();
  }

  /**
   * The latest estimate of the busiest application thread's time spent logging, as a fraction of
   * wall time (from the cost model), from the last look that saw logs published.
   */
  double estimatedOverhead() {
    return lastOverhead;
  }

  long adaptations() {
    return adaptations.sum();
  }
}
