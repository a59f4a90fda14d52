package dev.orthrus.runtime;

import dev.orthrus.runtime.report.Detection;
import dev.orthrus.runtime.report.DetectionPolicy;
import dev.orthrus.runtime.sample.AdaptiveSampling;
import dev.orthrus.runtime.sample.SamplingPolicy;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
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

  /** Defaults: adaptive sampling from 100%, one validator, more up to CPUs - 1, 25% of heap. */
  public static final class Builder {
    private Supplier<SamplingPolicy> sampling = AdaptiveSampling::new;
    private int validators = 1;
    private int maxValidators = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
    private boolean pinValidators;
    private int logsPerThread = 4096;
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

    /** Logs in each application thread's pool; also its queue capacity. */
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
      if (validators > maxValidators) {
        maxValidators = validators;
      }
      return new RuntimeConfig(this);
    }
  }
}
