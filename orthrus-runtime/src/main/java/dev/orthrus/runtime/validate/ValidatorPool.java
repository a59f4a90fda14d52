package dev.orthrus.runtime.validate;

import dev.orthrus.runtime.api.AppThread;
import dev.orthrus.runtime.api.ValidatorThread;
import dev.orthrus.runtime.concurrent.AgentRunner;
import dev.orthrus.runtime.concurrent.IdleStrategy;
import dev.orthrus.runtime.cpu.Pinning;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * The validator threads. Starts with a configured number, adds one when asked and a spare core
 * exists (a new validator takes over every n-th queue, so it takes half of them when going from one
 * to two), and stops them all on {@link #stop()}. Idle validators steal from busy queues.
 */
public final class ValidatorPool {

  /**
   * The default stack of a validator thread, 64 MB: 64 times the JVM's default thread stack, room
   * for a recursion that an application thread with a 32 MB stack can run (VAL's frames may be
   * interpreted where APP's are compiled, and larger; decision 0015). Address space: a thread
   * commits only what its deepest re-execution touched.
   */
  public static final long DEFAULT_STACK_BYTES = 64L << 20;

  private final Supplier<AppThread[]> appThreads;
  private final Supplier<PolledQueues> queues;
  private final ValidationListener listener;
  private final Consumer<Throwable> errorHandler;
  private final int maxValidators;
  private final boolean pin;
  private final IntSupplier cpus;
  private final Supplier<IdleStrategy> idleStrategy;
  private final boolean spinOnOwnCpu;
  private final long stackBytes;
  private final ValidationBudget budget;
  private final List<AgentRunner> runners = new ArrayList<>();
  private final List<Validator> validators = new ArrayList<>();
  private volatile int size;
  private volatile Thread[] threads = new Thread[0];
  private volatile boolean stopped;

  /**
   * @param validationBudget validator CPU time allowed per application CPU time ({@link
   *     ValidationBudget}), or 0 for no limit
   */
  public ValidatorPool(
      Supplier<AppThread[]> appThreads,
      Supplier<PolledQueues> queues,
      ValidationListener listener,
      Consumer<Throwable> errorHandler,
      int maxValidators,
      boolean pin,
      IntSupplier cpus,
      Supplier<IdleStrategy> idleStrategy,
      boolean spinOnOwnCpu,
      long stackBytes,
      double validationBudget) {
    if (maxValidators < 1) {
      throw new IllegalArgumentException("need at least one validator: " + maxValidators);
    }
    this.appThreads = appThreads;
    this.queues = queues;
    this.listener = listener;
    this.errorHandler = errorHandler;
    this.maxValidators = maxValidators;
    this.pin = pin;
    this.cpus = cpus;
    this.idleStrategy = idleStrategy;
    this.spinOnOwnCpu = spinOnOwnCpu;
    this.stackBytes = stackBytes;
    this.budget = validationBudget == 0 ? null : new ValidationBudget(validationBudget, appThreads);
  }

  /** The emulated validation budget validators keep to, or null when there is none. */
  public ValidationBudget budget() {
    return budget;
  }

  /**
   * Whether a pinned validator may spin instead of parking: only when configured and the live
   * application threads plus validators fit on the machine's CPUs, so the CPU it spins on is not
   * one an application thread needs. Ended threads whose logs are still queued do not count.
   */
  boolean validatorsOwnTheirCpus() {
    if (!spinOnOwnCpu) {
      return false;
    }
    int live = 0;
    for (AppThread t : appThreads.get()) {
      if (t.thread().isAlive()) {
        live++;
      }
    }
    return live + size <= cpus.getAsInt();
  }

  AppThread[] appThreads() {
    return appThreads.get();
  }

  /**
   * The registered application threads' queues, in registration order, as the runtime keeps them
   * while threads register and retire: rebuilding them from the thread array at every registration
   * cost validators time in proportion to the threads registered, tens of thousands with a virtual
   * thread per task.
   */
  PolledQueues queues() {
    return queues.get();
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
    int machine = Pinning.cpus();
    // Validators take CPUs from the top down; the application usually starts at CPU 0. Never
    // wrap around onto CPU 0: an extra validator beyond the machine's CPUs runs unpinned.
    int pinTo = pin && id < machine - 1 ? machine - 1 - id : -1;
    Validator v = new Validator(this, id, pinTo, listener);
    AgentRunner runner =
        new AgentRunner(
            v,
            idleStrategy.get(),
            errorHandler,
            (run, name) -> new ValidatorThread(run, name, stackBytes));
    validators.add(v);
    runners.add(runner);
    size = validators.size();
    Thread[] next = Arrays.copyOf(threads, threads.length + 1);
    next[threads.length] = runner.thread();
    threads = next;
    runner.start();
    return true;
  }

  /** Adds a validator if a core is spare: fewer validators plus application threads than CPUs. */
  public synchronized boolean addIfSpareCore(int liveAppThreads) {
    if (validators.size() + liveAppThreads >= cpus.getAsInt()) {
      return false;
    }
    return add();
  }

  /**
   * Unparks every validator thread, so a log that someone waits for (strict mode) does not sit out
   * a validator's park timeout. Reads a snapshot without locking: the caller is on the
   * application's path.
   */
  public void wake() {
    for (Thread t : threads) {
      LockSupport.unpark(t);
    }
  }

  /**
   * CPU time the validator threads used so far, or -1 when the JVM does not measure thread CPU
   * time. Read without locking, from a thread waiting for validators: whether they are working or
   * blocked.
   */
  public long cpuNanos() {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    if (!mx.isThreadCpuTimeSupported() || !mx.isThreadCpuTimeEnabled()) {
      return -1;
    }
    long total = 0;
    for (Thread t : threads) {
      total += Math.max(0, mx.getThreadCpuTime(t.getId()));
    }
    return total;
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
