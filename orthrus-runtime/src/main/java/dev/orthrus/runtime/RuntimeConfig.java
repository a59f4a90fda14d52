package dev.orthrus.runtime;

import dev.orthrus.runtime.api.Detection;
import dev.orthrus.runtime.concurrent.IdleStrategy;
import dev.orthrus.runtime.cpu.Pinning;
import dev.orthrus.runtime.report.DetectionPolicy;
import dev.orthrus.runtime.sample.ArmedSampling;
import dev.orthrus.runtime.sample.SamplingPolicy;
import dev.orthrus.runtime.validate.ValidationBudget;
import dev.orthrus.runtime.validate.ValidatorPool;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/** Settings of one {@link OrthrusRuntime}; build with {@link #builder()}. */
public final class RuntimeConfig {

  final Supplier<SamplingPolicy> sampling;
  final int validators;
  final int maxValidators;
  final boolean pinValidators;
  final int logsPerThread;
  final long memoryBudgetBytes;
  final double delayFactor;
  final boolean strictAll;
  final Duration strictTimeout;
  final DetectionPolicy policy;
  final Consumer<Detection> callback;
  final Path reproducerDir;
  final Runnable halt;
  final PrintStream err;
  final boolean jmx;
  final IntSupplier cpus;
  final double overheadBudget;
  final double logCostFixedNanos;
  final double logCostPerEntryNanos;
  final int queueTarget;
  final Supplier<IdleStrategy> idleStrategy;
  final boolean spinOnOwnCpu;
  final long validatorStackBytes;
  final double validationBudget;

  private RuntimeConfig(Builder b) {
    this.sampling = b.sampling;
    this.validators = b.validators;
    this.maxValidators = b.maxValidators;
    this.pinValidators = b.pinValidators;
    this.logsPerThread = b.logsPerThread;
    this.memoryBudgetBytes = b.memoryBudgetBytes;
    this.delayFactor = b.delayFactor;
    this.strictAll = b.strictAll;
    this.strictTimeout = b.strictTimeout;
    this.policy = b.policy;
    this.callback = b.callback;
    this.reproducerDir = b.reproducerDir;
    this.halt = b.halt;
    this.err = b.err;
    this.jmx = b.jmx;
    this.cpus = b.cpus;
    this.overheadBudget = b.overheadBudget;
    this.logCostFixedNanos = b.logCostFixedNanos;
    this.logCostPerEntryNanos = b.logCostPerEntryNanos;
    this.queueTarget = b.queueTarget;
    this.idleStrategy = b.idleStrategy;
    this.spinOnOwnCpu = b.spinOnOwnCpu;
    this.validatorStackBytes = b.validatorStackBytes;
    this.validationBudget = b.validationBudget;
  }

  public static Builder builder() {
    return new Builder();
  }

  public long memoryBudgetBytes() {
    return memoryBudgetBytes;
  }

  public double delayFactor() {
    return delayFactor;
  }

  public double overheadBudget() {
    return overheadBudget;
  }

  public int queueTarget() {
    return queueTarget;
  }

  /**
   * Defaults: armed sampling at the budget's logging rate (decision 0009), one validator, more up
   * to CPUs - 1, 25% of heap.
   */
  public static final class Builder {
    private Supplier<SamplingPolicy> sampling = ArmedSampling::new;
    private int validators = 1;

    /** 0: one less than the CPUs (at least one). */
    private int maxValidators;

    private boolean pinValidators;
    private int logsPerThread = 1024;
    private long memoryBudgetBytes = Runtime.getRuntime().maxMemory() / 4;
    private double delayFactor = 1.5;
    private boolean strictAll;
    private Duration strictTimeout = Duration.ofSeconds(10);
    private DetectionPolicy policy = DetectionPolicy.REPORT;
    private Consumer<Detection> callback;
    private Path reproducerDir;
    private Runnable halt = () -> Runtime.getRuntime().halt(86);
    private PrintStream err = System.err;
    private boolean jmx;
    private IntSupplier cpus = Pinning::cpus;
    private double overheadBudget = 0.04;
    private double logCostFixedNanos = 300;
    private double logCostPerEntryNanos = 20;
    private int queueTarget = 64;
    private Supplier<IdleStrategy> idleStrategy = IdleStrategy::backoff;
    private boolean spinOnOwnCpu = true;
    private long validatorStackBytes = ValidatorPool.DEFAULT_STACK_BYTES;
    private double validationBudget;

    /**
     * Emulates scarce validation (decision 0039): validators spend at most {@code ratio} times the
     * application threads' CPU time validating ({@link ValidationBudget}), so that coverage with
     * "one validation core for four application cores" (0.25) can be measured on a machine without
     * the cores. Not limited by default. Pair it with {@link #overheadBudget} 1.0, or the overhead
     * budget may be what limits the rate.
     */
    public Builder validationBudget(double ratio) {
      ValidationBudget.checkRatio(ratio);
      this.validationBudget = ratio;
      return this;
    }

    /**
     * The stack of each validator thread (default {@link ValidatorPool#DEFAULT_STACK_BYTES}, 64
     * MB). A validator re-executes a closure as deep as the application thread ran it; an execution
     * whose re-execution overflows it is not validated, never a detection.
     */
    public Builder validatorStackBytes(long bytes) {
      if (bytes < 64 << 10) {
        throw new IllegalArgumentException("validator stack must be at least 64 KB: " + bytes);
      }
      this.validatorStackBytes = bytes;
      return this;
    }

    /**
     * A validator pinned to a CPU of its own (application threads plus validators fit on the
     * machine) spins when idle instead of parking (default true): validation delay drops from the
     * park timeout to microseconds, and the validator keeps up with the application's logging rate
     * (decision 0008). False keeps the {@link #idleStrategy} everywhere.
     */
    public Builder spinOnOwnCpu(boolean spin) {
      this.spinOnOwnCpu = spin;
      return this;
    }

    /** How idle validators wait; {@link IdleStrategy#backoff()} by default. */
    public Builder idleStrategy(Supplier<IdleStrategy> idle) {
      this.idleStrategy = Objects.requireNonNull(idle, "idle");
      return this;
    }

    /**
     * How many CPUs the runtime may use for deciding whether a core is spare (tests fake a bigger
     * machine).
     */
    public Builder cpus(IntSupplier cpus) {
      this.cpus = Objects.requireNonNull(cpus, "cpus");
      return this;
    }

    /**
     * The share of an application thread's time that logging may cost (default 0.04, the paper's
     * 4%); the sampling controller lowers the rate when its cost model says it is exceeded. 1.0
     * turns the limit off (validation capacity alone decides).
     */
    public Builder overheadBudget(double share) {
      if (!(share > 0 && share <= 1.0)) {
        throw new IllegalArgumentException("overhead budget must be within (0, 1]: " + share);
      }
      this.overheadBudget = share;
      return this;
    }

    /**
     * The controller's logging-cost model: nanoseconds per logged execution plus per recorded entry
     * (load, store, allocation, argument). The defaults (300 + 20) are the marginal cost of a
     * validated execution on the application thread with the validator running on another CPU,
     * which is several times what the same log costs when it never leaves the core (decision 0005).
     * Calibrate for other machines (docs/runtime.md).
     */
    public Builder logCostNanos(double perLog, double perEntry) {
      if (!(perLog >= 0) || !(perEntry >= 0) || perLog + perEntry == 0) {
        throw new IllegalArgumentException("bad logging cost model: " + perLog + ", " + perEntry);
      }
      this.logCostFixedNanos = perLog;
      this.logCostPerEntryNanos = perEntry;
      return this;
    }

    /**
     * Queued logs per application thread above which validators count as falling behind (the
     * controller then adds a validator or lowers the rate). Short queues keep validation delay in
     * microseconds.
     */
    public Builder queueTarget(int logs) {
      if (logs < 1) {
        throw new IllegalArgumentException("queue target must be positive: " + logs);
      }
      this.queueTarget = logs;
      return this;
    }

    public Builder sampling(Supplier<SamplingPolicy> sampling) {
      this.sampling = Objects.requireNonNull(sampling, "sampling");
      return this;
    }

    /** Validators started with the runtime (0 leaves validation stopped, for budget tests). */
    public Builder validators(int validators) {
      if (validators < 0) {
        throw new IllegalArgumentException("validators must be >= 0: " + validators);
      }
      this.validators = validators;
      return this;
    }

    public Builder maxValidators(int maxValidators) {
      if (maxValidators < 1) {
        throw new IllegalArgumentException("maxValidators must be >= 1: " + maxValidators);
      }
      this.maxValidators = maxValidators;
      return this;
    }

    public Builder pinValidators(boolean pin) {
      this.pinValidators = pin;
      return this;
    }

    /**
     * Logs in each application thread's ring (rounded up to a power of two), which is also its
     * queue's capacity; default 1024. It must hold what arrives while a parked or descheduled
     * validator sleeps (up to 1 ms). A thread cycles through a window of the first 64 of them and
     * uses more only when those are pending: a small window stays in the core's caches, which makes
     * a logged execution cheaper than cycling through the whole ring (decision 0008).
     */
    public Builder logsPerThread(int logs) {
      if (logs < 2 || logs > (1 << 20)) {
        throw new IllegalArgumentException("logsPerThread must be within 2..2^20: " + logs);
      }
      this.logsPerThread = logs;
      return this;
    }

    public Builder memoryBudgetBytes(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("memory budget must be positive: " + bytes);
      }
      this.memoryBudgetBytes = bytes;
      return this;
    }

    /** Delay over the last eight logs, as a multiple of the running average, that triggers. */
    public Builder delayFactor(double factor) {
      if (!(factor > 1.0)) {
        throw new IllegalArgumentException("delay factor must be > 1: " + factor);
      }
      this.delayFactor = factor;
      return this;
    }

    /** Makes every closure strict, as if annotated {@code @Closure(strict = true)}. */
    public Builder strictAll(boolean strict) {
      this.strictAll = strict;
      return this;
    }

    public Builder strictTimeout(Duration timeout) {
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException("strict timeout must be positive");
      }
      this.strictTimeout = timeout;
      return this;
    }

    public Builder policy(DetectionPolicy policy) {
      this.policy = Objects.requireNonNull(policy, "policy");
      return this;
    }

    public Builder callback(Consumer<Detection> callback) {
      this.callback = callback;
      return this;
    }

    public Builder reproducerDir(Path dir) {
      this.reproducerDir = dir;
      return this;
    }

    public Builder halt(Runnable halt) {
      this.halt = Objects.requireNonNull(halt, "halt");
      return this;
    }

    /** Where detections are printed; null for silence. */
    public Builder err(PrintStream err) {
      this.err = err;
      return this;
    }

    /** Register the runtime's counters as an MXBean. */
    public Builder jmx(boolean jmx) {
      this.jmx = jmx;
      return this;
    }

    public RuntimeConfig build() {
      if (maxValidators == 0) {
        maxValidators = Math.max(1, cpus.getAsInt() - 1);
      }
      if (validators > maxValidators) {
        maxValidators = validators;
      }
      return new RuntimeConfig(this);
    }
  }
}
