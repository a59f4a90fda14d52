package dev.orthrus.runtime;

import dev.orthrus.runtime.api.AppThread;
import dev.orthrus.runtime.cpu.CpuId;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
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
 * <p>Lookups are lock-free (two plain loads in the common case); registration and retirement copy
 * the arrays under a lock.
 */
final class ThreadRegistry {

  private final int logsPerThread;
  private final IntSupplier cpuId;
  private final long memoryBudgetBytes;
  private final ThreadLocal<AppThread> current = new ThreadLocal<>();
  private final Object lock = new Object();
  private volatile AppThread[] threads = new AppThread[0];

  /**
   * Application threads by thread id (one slot per id modulo the size, no probing): two plain loads
   * find the calling thread's state. A thread whose slot is taken falls back to the ThreadLocal,
   * whose lookup can walk a long collision chain in threads with many locals.
   */
  private volatile AppThread[] byThreadId = new AppThread[256];

  /** The memory budget shared among live threads; read on every logged execution. */
  private volatile long perThreadBudget;

  private volatile int live;
  private long registrations;

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

  ThreadRegistry(int logsPerThread, long memoryBudgetBytes) {
    this(logsPerThread, memoryBudgetBytes, CpuId::current);
  }

  /** {@code cpuId}: how application threads read their CPU (tests stand in for it). */
  ThreadRegistry(int logsPerThread, long memoryBudgetBytes, IntSupplier cpuId) {
    this.logsPerThread = logsPerThread;
    this.cpuId = cpuId;
    this.memoryBudgetBytes = memoryBudgetBytes;
    this.perThreadBudget = memoryBudgetBytes;
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
    synchronized (lock) {
      retireDeadLocked();
      AppThread[] old = threads;
      AppThread t = new AppThread(me, (int) registrations++, logsPerThread, cpuId);
      AppThread[] next = java.util.Arrays.copyOf(old, old.length + 1);
      next[old.length] = t;
      threads = next;
      updateLiveLocked(next);
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

  /**
   * Retires the state of threads that have ended and whose queues are empty; returns the live
   * threads. The controller calls it every control period, registration on every new thread.
   */
  int retireDead() {
    synchronized (lock) {
      retireDeadLocked();
      return live;
    }
  }

  private void retireDeadLocked() {
    AppThread[] old = threads;
    List<AppThread> kept = null;
    for (int i = 0; i < old.length; i++) {
      AppThread t = old[i];
      // A thread seen ended has made all its offers (its end happens-before isAlive's answer),
      // so an empty queue means every log it published was claimed by a validator.
      boolean retire = !t.thread().isAlive() && t.queue().size() == 0;
      if (retire && kept == null) {
        retirements++; // odd: totals and array change
        kept = new ArrayList<>(old.length);
        for (int k = 0; k < i; k++) {
          kept.add(old[k]);
        }
      }
      if (retire) {
        retire(t);
      } else if (kept != null) {
        kept.add(t);
      }
    }
    if (kept != null) {
      AppThread[] next = kept.toArray(new AppThread[0]);
      threads = next;
      retirements++; // even again
      updateLiveLocked(next);
    } else {
      updateLiveLocked(old);
    }
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

  private void updateLiveLocked(AppThread[] all) {
    int n = 0;
    for (AppThread t : all) {
      if (t.thread().isAlive()) {
        n++;
      }
    }
    live = Math.max(1, n);
    perThreadBudget = Math.max(1, memoryBudgetBytes / live);
  }

  /** The registered threads; validators poll their queues, the controller reads their views. */
  AppThread[] threads() {
    return threads;
  }

  /** Live application threads as of the last registration or retirement, at least 1. */
  int live() {
    return live;
  }

  /** The memory budget of one live thread's pending logs. */
  long perThreadBudget() {
    return perThreadBudget;
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
        for (AppThread t : threads) {
          n += count.applyAsLong(t);
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
    for (AppThread t : threads) {
      n += t.pendingBytesView();
    }
    return n;
  }

  long queuedLogs() {
    long n = 0;
    for (AppThread t : threads) {
      n += t.queue().size();
    }
    return n;
  }
}
