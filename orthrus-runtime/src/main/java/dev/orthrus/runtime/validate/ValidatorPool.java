package dev.orthrus.runtime.validate;

import dev.orthrus.runtime.log.AppThread;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The validator threads. Starts with a configured number, adds one when asked and a spare core
 * exists (a new validator takes over every n-th queue, so it takes half of them when going from
 * one to two), and stops them all on {@link #stop()}. Idle validators steal from busy queues.
 */
public final class ValidatorPool {

  private final Supplier<AppThread[]> appThreads;
  private final ValidationListener listener;
  private final Consumer<Throwable> errorHandler;
  private final int maxValidators;
  private final boolean pin;
  private final List<AgentRunner> runners = new ArrayList<>();
  private final List<Validator> validators = new ArrayList<>();
  private volatile int size;
  private volatile boolean stopped;

  public ValidatorPool(
      Supplier<AppThread[]> appThreads,
      ValidationListener listener,
      Consumer<Throwable> errorHandler,
      int maxValidators,
      boolean pin) {
    if (maxValidators < 1) {
      throw new IllegalArgumentException("need at least one validator: " + maxValidators);
    }
    this.appThreads = appThreads;
    this.listener = listener;
    this.errorHandler = errorHandler;
    this.maxValidators = maxValidators;
    this.pin = pin;
  }

  AppThread[] appThreads() {
    return appThreads.get();
  }

  public int size() {
    return size;
  }

  public int maxValidators() {
    return maxValidators;
  }

  /** Starts one more validator; false when at the maximum or stopped. */
  public synchronized boolean add() {
    if (stopped || validators.size() >= maxValidators) {
      return false;
    }
    int id = validators.size();
    int cpus = Runtime.getRuntime().availableProcessors();
    // Validators take CPUs from the top down; the application usually starts at CPU 0.
    int pinTo = pin ? Math.max(0, cpus - 1 - id) : -1;
    Validator v = new Validator(this, id, pinTo, listener);
    AgentRunner runner = new AgentRunner(v, IdleStrategy.backoff(), errorHandler);
    validators.add(v);
    runners.add(runner);
    size = validators.size();
    runner.start();
    return true;
  }

  /**
   * Adds a validator if a core is spare: fewer validators plus application threads than CPUs.
   */
  public synchronized boolean addIfSpareCore(int liveAppThreads) {
    int cpus = Runtime.getRuntime().availableProcessors();
    if (validators.size() + liveAppThreads >= cpus) {
      return false;
    }
    return add();
  }

  public synchronized List<Validator> validators() {
    return List.copyOf(validators);
  }

  /** True when at least one validator pinned itself. */
  public synchronized boolean anyPinned() {
    for (Validator v : validators) {
      if (v.pinned()) {
        return true;
      }
    }
    return false;
  }

  public void stop() {
    List<AgentRunner> toStop;
    synchronized (this) {
      stopped = true;
      toStop = List.copyOf(runners);
    }
    for (AgentRunner r : toStop) {
      r.stop();
    }
  }

  public synchronized boolean running() {
    for (AgentRunner r : runners) {
      if (r.isRunning()) {
        return true;
      }
    }
    return false;
  }
}
