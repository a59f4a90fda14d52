package dev.orthrus.runtime;

import dev.orthrus.runtime.api.AppThread;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.concurrent.SpmcRingQueue;
import dev.orthrus.runtime.cpu.CpuId;
import dev.orthrus.runtime.validate.PolledQueues;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * Which application threads the runtime holds state for ({@link AppThread}: logs and a queue),
 * found by the calling thread on the logged path, and retired when their thread is gone.
 *
 * <p>A thread registers at its first logged execution. It is retired once its thread has ended and
 * its queue is empty: every log it published has been claimed by a validator, so none is lost (a
 * log being validated keeps its {@code AppThread} reachable until it is handed back). Retirement
 * drops the state from the array validators and the controller walk, so they stop polling and
 * counting it, and the garbage collector takes its logs; a server that serves each connection on a
 * new thread then holds state for its live threads only (decision 0014). Counters of retired
 * threads are kept as totals, so monitoring never goes backwards.
 *
 * <p>Lookups are lock-free (two plain loads in the common case); registration appends under a lock
 * (constant time on average) and retirement compacts the array under it.
 */
final class ThreadRegistry {

  /**
   * Registrations between two retirements made by registering threads: at least this many, and at
   * least as many as threads were registered after the last one, so that a registration costs a
   * constant time on average however many threads live (tens of thousands of virtual threads) and
   * however many ended threads wait for validators.
   */
  private static final int RETIRE_EVERY = 64;

  /**
   * Logs a virtual thread's ring holds (the window a platform thread starts with). A server that
   * runs each task on a virtual thread registers tens of thousands of threads, each running a few
   * closures; a ring of {@code logsPerThread} (12 KB at the default) for each made the heap, and
   * the collector's work, grow with the number of tasks in flight.
   */
  static final int VIRTUAL_THREAD_LOGS = AppThread.INITIAL_WINDOW;

  /** {@code Thread.isVirtual()} on Java 21 and newer; null before. */
  private static final MethodHandle IS_VIRTUAL = isVirtualMethod();

  private final int logsPerThread;
  private final IntSupplier cpuId;
  private final Predicate<Thread> virtualThreads;
  private final BooleanSupplier nativeCpuIds;
  private final long memoryBudgetBytes;
  private final ThreadLocal<AppThread> current = new ThreadLocal<>();

  /**
   * Taken to register and retire; the controller's periodic retirement only tries it, so that a
   * validator running the controller never waits behind registering threads.
   */
  private final ReentrantLock lock = new ReentrantLock();

  private volatile Members members = new Members(new AppThread[0], PolledQueues.newArray(0), 0);

  /** A registration that finds this many threads registered retires ended ones first. */
  private int retireAt = RETIRE_EVERY;

  /**
   * Application threads by thread id (one slot per id modulo the size, no probing): two plain loads
   * find the calling thread's state. A thread whose slot is taken falls back to the ThreadLocal,
   * whose lookup can walk a long collision chain in threads with many locals.
   */
  private volatile AppThread[] byThreadId = new AppThread[256];

  /** The memory budget shared among live threads; read on every logged execution. */
  private volatile long perThreadBudget;

  /**
   * Live threads as of the last retirement, plus those registered since (an ended thread counts
   * until a retirement finds it ended: the per-thread budget errs small).
   */
  private volatile int live;

  private long registrations;

  /** Walks of the registered threads made to retire ended ones, under the lock. */
  private long retirementScans;

  /**
   * Odd while a retirement moves threads' counters to the totals, even otherwise (a sequence lock,
   * written under the lock): readers of the totals retry across one, so that a thread being retired
   * is counted once, neither missed nor twice.
   */
  private volatile long retirements;

  // Totals of retired threads, written under the lock.
  private volatile long retiredPublished;
  private volatile long retiredSkipped;
  private volatile long retired;

  /**
   * The registered threads: the first {@code count} slots of {@code slots}. A registration appends
   * into a free slot past {@code count} and publishes a new {@code Members} (or copies into a
   * larger array when none is free); a retirement publishes a new, compacted array. The slots below
   * {@code count} of an array never change, so a reader of one {@code Members} sees a fixed set.
   */
  private static final class Members {
    final AppThread[] slots;
    final int count;

    /** The queues validators poll: {@code queues.slots()[i]} is {@code slots[i]}'s. */
    final PolledQueues queues;

    private volatile AppThread[] exact;

    Members(AppThread[] slots, SpmcRingQueue<ClosureLog>[] queues, int count) {
      this.slots = slots;
      this.count = count;
      this.queues = new PolledQueues(queues, count);
    }

    /** The threads as an array of their own length, made once per {@code Members}. */
    AppThread[] exact() {
      AppThread[] e = exact;
      if (e == null) {
        e = count == slots.length ? slots : Arrays.copyOf(slots, count);
        exact = e;
      }
      return e;
    }
  }

  ThreadRegistry(int logsPerThread, long memoryBudgetBytes) {
    this(logsPerThread, memoryBudgetBytes, CpuId::current);
  }

  /** {@code cpuId}: how application threads read their CPU (tests stand in for it). */
  ThreadRegistry(int logsPerThread, long memoryBudgetBytes, IntSupplier cpuId) {
    this(logsPerThread, memoryBudgetBytes, cpuId, ThreadRegistry::isVirtual, CpuId::readsNative);
  }

  /**
   * {@code virtual}: which threads are virtual ones (decision 0087); {@code nativeCpuIds}: whether
   * {@code cpuId} is a system call rather than a /proc read now.
   */
  ThreadRegistry(
      int logsPerThread,
      long memoryBudgetBytes,
      IntSupplier cpuId,
      Predicate<Thread> virtual,
      BooleanSupplier nativeCpuIds) {
    this.logsPerThread = logsPerThread;
    this.cpuId = cpuId;
    this.memoryBudgetBytes = memoryBudgetBytes;
    this.perThreadBudget = memoryBudgetBytes;
    this.virtualThreads = virtual;
    this.nativeCpuIds = nativeCpuIds;
  }

  /** The calling thread's state, registering the thread on first use. */
  AppThread current() {
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
    lock.lock();
    try {
      if (members.count >= retireAt) {
        retireDeadLocked();
      }
      Members m = members;
      boolean virtual = virtualThreads.test(me);
      AppThread t =
          new AppThread(
              me,
              (int) registrations++,
              virtual ? Math.min(logsPerThread, VIRTUAL_THREAD_LOGS) : logsPerThread,
              cpuId);
      if (virtual && !nativeCpuIds.getAsBoolean()) {
        t.readCpuLater();
      }
      AppThread[] slots = m.slots;
      SpmcRingQueue<ClosureLog>[] queues = m.queues.slots();
      if (m.count == slots.length) {
        slots = Arrays.copyOf(slots, Math.max(8, slots.length * 2));
        queues = Arrays.copyOf(queues, slots.length);
      }
      slots[m.count] = t;
      queues[m.count] = t.queue();
      members = new Members(slots, queues, m.count + 1);
      setLive(live + 1);
      current.set(t);
      AppThread[] table = byThreadId;
      int slot = (int) me.getId() & (table.length - 1);
      if (table[slot] == null || !table[slot].thread().isAlive()) {
        table = table.clone();
        table[slot] = t;
        byThreadId = table;
      }
      return t;
    } finally {
      lock.unlock();
    }
  }

  private static MethodHandle isVirtualMethod() {
    try {
      return MethodHandles.publicLookup()
          .findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
    } catch (ReflectiveOperationException e) {
      return null; // Java 17 to 20: no virtual threads
    }
  }

  static boolean isVirtual(Thread thread) {
    if (IS_VIRTUAL == null) {
      return false;
    }
    try {
      return (boolean) IS_VIRTUAL.invokeExact(thread);
    } catch (Throwable e) {
      throw new IllegalStateException("Thread.isVirtual failed", e);
    }
  }

  /**
   * Retires the state of threads that have ended and whose queues are empty, unless another thread
   * is registering or retiring now (it retires them then, or the next call does); returns the live
   * threads. The controller calls it every control period.
   */
  int retireDead() {
    if (lock.tryLock()) {
      try {
        retireDeadLocked();
      } finally {
        lock.unlock();
      }
    }
    return live();
  }

  private void retireDeadLocked() {
    retirementScans++;
    Members m = members;
    AppThread[] old = m.slots;
    List<AppThread> kept = null;
    int alive = 0;
    for (int i = 0; i < m.count; i++) {
      AppThread t = old[i];
      // A thread seen ended has made all its offers (its end happens-before isAlive's answer),
      // so an empty queue means every log it published was claimed by a validator.
      boolean ended = !t.thread().isAlive();
      boolean retire = ended && t.queue().size() == 0;
      if (retire && kept == null) {
        retirements++; // odd: totals and array change
        kept = new ArrayList<>(m.count);
        for (int k = 0; k < i; k++) {
          kept.add(old[k]);
        }
      }
      if (retire) {
        retire(t);
      } else {
        if (!ended) {
          alive++;
        }
        if (kept != null) {
          kept.add(t);
        }
      }
    }
    if (kept != null) {
      AppThread[] slots = kept.toArray(new AppThread[0]);
      SpmcRingQueue<ClosureLog>[] queues = PolledQueues.newArray(slots.length);
      for (int i = 0; i < slots.length; i++) {
        queues[i] = slots[i].queue();
      }
      members = new Members(slots, queues, slots.length);
      retirements++; // even again
    }
    retireAt = Math.max(RETIRE_EVERY, 2 * members.count);
    setLive(alive);
  }

  private void retire(AppThread t) {
    retiredPublished += t.publishedCountView();
    retiredSkipped += t.skippedCountView();
    retired++;
    AppThread[] table = byThreadId;
    int slot = (int) t.thread().getId() & (table.length - 1);
    if (table[slot] == t) {
      AppThread[] next = table.clone();
      next[slot] = null;
      byThreadId = next;
    }
  }

  private void setLive(int n) {
    live = n;
    perThreadBudget = Math.max(1, memoryBudgetBytes / Math.max(1, n));
  }

  /** The registered threads; validators poll their queues, the controller reads their views. */
  AppThread[] threads() {
    return members.exact();
  }

  /** The registered threads' queues, without making an array. */
  PolledQueues polledQueues() {
    return members.queues;
  }

  /** How many threads {@link #threads} holds, without making its array. */
  int registered() {
    return members.count;
  }

  /** Live application threads as of the last registration or retirement, at least 1. */
  int live() {
    return Math.max(1, live);
  }

  /** The memory budget of one live thread's pending logs. */
  long perThreadBudget() {
    return perThreadBudget;
  }

  /** Walks of the registered threads made to retire ended ones since the start. */
  long retirementScans() {
    lock.lock();
    try {
      return retirementScans;
    } finally {
      lock.unlock();
    }
  }

  /** Threads whose state was dropped since the start. */
  long retiredCount() {
    return retired;
  }

  /**
   * Logs published by all threads, retired ones included: each thread counted once, also while one
   * is being retired ({@link #retirements}).
   */
  long publishedCount() {
    return total(() -> retiredPublished, AppThread::publishedCountView);
  }

  /** Executions skipped by all threads, retired ones included (read as publishedCount). */
  long skippedCount() {
    return total(() -> retiredSkipped, AppThread::skippedCountView);
  }

  /** A retired total plus every live thread's count, read between two retirements. */
  private long total(LongSupplier retiredTotal, ToLongFunction<AppThread> count) {
    while (true) {
      long seq = retirements;
      if ((seq & 1) == 0) {
        long n = retiredTotal.getAsLong();
        Members m = members;
        for (int i = 0; i < m.count; i++) {
          n += count.applyAsLong(m.slots[i]);
        }
        if (retirements == seq) {
          return n;
        }
      }
      Thread.onSpinWait();
    }
  }

  long pendingBytes() {
    long n = 0;
    for (AppThread t : threads()) {
      n += t.pendingBytesView();
    }
    return n;
  }

  long queuedLogs() {
    long n = 0;
    for (AppThread t : threads()) {
      n += t.queue().size();
    }
    return n;
  }
}
