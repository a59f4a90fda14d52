package dev.orthrus.runtime.api;

import dev.orthrus.runtime.concurrent.SpmcRingQueue;
import dev.orthrus.runtime.cpu.CpuId;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.IntSupplier;

/**
 * The runtime's state for one application thread: its logs and its queue of published logs.
 *
 * <p>The logs live in a ring that only this thread walks: it takes the log at its cursor when that
 * log is free or already validated, resets it, fills it and publishes it to a single-producer
 * queue, by its index in the ring ({@link SpmcRingQueue}), that any validator may consume (that is
 * how work stealing works). A validator gives a log back by dropping its references and making one
 * release store to the log's state; there is no shared free list and no shared counter. A log still
 * pending at the cursor means "do not log this execution": the thread never waits. The queue holds
 * as many logs as the ring, so it is never full.
 *
 * <p>Bytes of published logs count against the memory budget until this thread reclaims them (at
 * reuse, or in {@link #reclaimValidated()} when the budget check fails), which over-counts
 * validated logs a little but never under-counts.
 */
public final class AppThread {

  /**
   * How long the cached CPU id may be reused before asking the OS again. A time bound rather than a
   * count: the read is a system call through JNA and a file read through /proc, and the scheduler
   * moves threads on a millisecond scale anyway (decision 0007).
   */
  private static long cpuRefreshNanos() {
    return CpuId.readsNative() ? 1_000_000L : 20_000_000L;
  }

  /**
   * The most one read of the CPU id is charged to the budget: about the slowest reads seen on a
   * heavily loaded machine. A read that took longer was descheduled between the clock reads around
   * it, and charging the preemption would take the whole overhead budget from logging for tens of
   * milliseconds (decision 0040).
   */
  private static long cpuReadChargeMaxNanos() {
    return CpuId.readsNative() ? 100_000L : 200_000L;
  }

  /**
   * One log in this many carries a publication time (strict logs always do). A clock read is a
   * sizeable share of what logging a small closure costs (decision 0007); validation delay is a
   * statistic, and one log in eight still yields thousands of samples a second.
   */
  public static final int TIMED_EVERY = 8;

  /** Logs a thread starts cycling through (see {@link #window}). */
  public static final int INITIAL_WINDOW = 64;

  private final Thread thread;
  private final int index;
  private final IntSupplier cpuId;

  /**
   * Logs are created on first use of their slot: a short-lived thread that logs a few executions
   * holds a few logs, not its whole ring (decision 0014).
   */
  private final ClosureLog[] ring;

  /**
   * The logs in use are the first {@code window} of the ring (a power of two, {@code mask = window
   * - 1}); the window doubles, up to the whole ring, when the log at the cursor is still pending,
   * and halves again once the validators caught up ({@link #shrink}). A validator that keeps up
   * (one spinning on its own CPU) leaves it at {@link #INITIAL_WINDOW}: a few dozen logs stay in
   * this core's caches, where cycling through the whole ring misses the cache on the log's arrays
   * (decisions 0008, 0054).
   */
  private int window;

  private int mask;
  private final SpmcRingQueue<ClosureLog> published;

  // Written by this thread only.
  private long cursor;
  private long reclaimCursor;
  private long publishedBytes;
  private long reclaimedBytes;
  private long publishedCount;
  private long skippedCount;

  /**
   * Logs {@link ClosureLog#REVOKED revoked} by {@link #takeLog} (read by tests and diagnostics).
   */
  private long revoked;

  /** A log whose hand-over an error cut short, until {@link #finishOffering} finished it. */
  private ClosureLog offering;

  /** Hand-overs an error cut short and {@link #finishOffering} finished. */
  private long cutShortOffers;

  private int cachedCpu = -1;
  private long cpuReadNanos;
  private boolean cpuStale = true;

  /** Publications before the first read of the CPU id ({@link #readCpuLater}). */
  private int cpuFirstRead;

  /** Whether this thread gave up waiting for a free log and skips until one comes back. */
  private boolean gaveUpWaiting;

  /**
   * Copies of this thread's counters for the sampling controller and monitoring, written with
   * opaque stores (plain moves on x86, but never torn) and read the same way, through the
   * VarHandles below only.
   */
  @SuppressWarnings("UnusedVariable")
  private long pendingBytesView;

  @SuppressWarnings("UnusedVariable")
  private long publishedView;

  @SuppressWarnings("UnusedVariable")
  private long skippedView;

  @SuppressWarnings("UnusedVariable")
  private long entriesView;

  @SuppressWarnings("UnusedVariable")
  private long measuredLogsView;

  @SuppressWarnings("UnusedVariable")
  private long measuredEntriesView;

  @SuppressWarnings("UnusedVariable")
  private long measuredNanosView;

  private long loggedEntries;
  private long measuredLogs;
  private long measuredEntries;
  private long measuredNanos;
  private long cpuReadTotal;

  @SuppressWarnings("UnusedVariable")
  private long cpuReadView;

  /** Controller-private: counters at its previous look at this thread. */
  long controllerPublished;

  long controllerEntries;

  long controllerMeasuredLogs;
  long controllerMeasuredEntries;
  long controllerMeasuredNanos;
  long controllerCpuReads;

  private static final VarHandle PENDING_VIEW;
  private static final VarHandle PUBLISHED_VIEW;
  private static final VarHandle SKIPPED_VIEW;
  private static final VarHandle ENTRIES_VIEW;
  private static final VarHandle MEASURED_LOGS_VIEW;
  private static final VarHandle MEASURED_ENTRIES_VIEW;
  private static final VarHandle MEASURED_NANOS_VIEW;
  private static final VarHandle CPU_READ_VIEW;

  static {
    try {
      MethodHandles.Lookup l = MethodHandles.lookup();
      PENDING_VIEW = l.findVarHandle(AppThread.class, "pendingBytesView", long.class);
      PUBLISHED_VIEW = l.findVarHandle(AppThread.class, "publishedView", long.class);
      SKIPPED_VIEW = l.findVarHandle(AppThread.class, "skippedView", long.class);
      ENTRIES_VIEW = l.findVarHandle(AppThread.class, "entriesView", long.class);
      MEASURED_LOGS_VIEW = l.findVarHandle(AppThread.class, "measuredLogsView", long.class);
      MEASURED_ENTRIES_VIEW = l.findVarHandle(AppThread.class, "measuredEntriesView", long.class);
      MEASURED_NANOS_VIEW = l.findVarHandle(AppThread.class, "measuredNanosView", long.class);
      CPU_READ_VIEW = l.findVarHandle(AppThread.class, "cpuReadView", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  public AppThread(Thread thread, int index, int capacity) {
    this(thread, index, capacity, CpuId::current);
  }

  /** {@code cpuId}: how the thread's CPU is read (a test's stand-in costs nothing). */
  public AppThread(Thread thread, int index, int capacity, IntSupplier cpuId) {
    this.thread = thread;
    this.cpuId = cpuId;
    this.index = index;
    // A power of two, so the cursor maps to a slot with a mask.
    int size = capacity <= 2 ? 2 : Integer.highestOneBit(capacity - 1) << 1;
    this.ring = new ClosureLog[size];
    this.window = Math.min(size, INITIAL_WINDOW);
    this.mask = window - 1;
    this.published = new SpmcRingQueue<>(ring);
  }

  public Thread thread() {
    return thread;
  }

  public int index() {
    return index;
  }

  /**
   * A log to fill, or null when the log at the cursor is still pending (the caller then skips
   * logging). A validated log is cleared here, by its owner, before reuse. A log still filling a
   * whole window of takes after it was taken is {@link ClosureLog#REVOKED revoked} and its slot
   * gets a new one: otherwise one error escaping between a take and its publication would stop this
   * thread's logging for good.
   */
  public ClosureLog takeLog() {
    if (offering != null) {
      finishOffering();
    }
    long c = cursor;
    int slot = (int) (c & mask);
    if (slot == window >>> 2 && window > INITIAL_WINDOW) {
      shrink();
    }
    ClosureLog log = ring[slot];
    if (log == null) {
      log = create(slot);
    } else {
      int state = log.lvState();
      if (state == ClosureLog.VALIDATED) {
        reclaim(log);
      } else if (state == ClosureLog.FILLING) {
        // Only this thread fills its logs, and it was never offered: no validator holds it.
        log.state(ClosureLog.REVOKED);
        revoked++;
        log = create(slot);
      } else if (state != ClosureLog.FREE) {
        if (window == ring.length) {
          return null;
        }
        return grow();
      }
    }
    if (reclaimCursor == c) {
      reclaimCursor = c + 1;
    }
    cursor = c + 1;
    log.state(ClosureLog.FILLING);
    return log;
  }

  /**
   * Finishes the hand-over of a log that an error cut short between its state and the end of its
   * offer. The state may still say FILLING; the offer may not have written its slot, or wrote it
   * without moving the producer index past it, in which case a validator may have claimed and
   * validated the log already. Offering it again at that same sequence covers every case: the slot
   * gets the value it has or should have had (a validator past it never reads it again before the
   * next lap), and the index moves. Without this the log would stay published and never queued, and
   * the thread would stop logging when its ring came round to it.
   */
  private void finishOffering() {
    ClosureLog log = offering;
    if (log.lvState() == ClosureLog.FILLING) {
      log.state(ClosureLog.PUBLISHED); // no validator saw it: the state comes before the slot
    }
    published.offer(log.ringIndex());
    offering = null;
    cutShortOffers++;
  }

  /**
   * Doubles the window and takes the first log of its new half, which was never used. The cursor
   * jumps there; the logs of the old half stay where they are and are found again by their state
   * when the cursor comes round.
   */
  private ClosureLog grow() {
    int old = window;
    window = old * 2;
    mask = window - 1;
    cursor = old + 1;
    reclaimCursor = cursor;
    ClosureLog log = ring[old];
    if (log == null) {
      log = create(old);
    }
    log.state(ClosureLog.FILLING);
    return log;
  }

  /**
   * Halves the window when the logs of its upper half are all free or validated: the validators
   * caught up after a burst that grew it. Called with the cursor a quarter into the window, so the
   * newest log of the upper half was published a quarter of a window ago; the scan starts there and
   * stops at the first log still pending, which is one read while validators lag. The validated
   * logs of the dropped half are reclaimed now, so that they stop counting as pending bytes.
   */
  private void shrink() {
    int half = window >>> 1;
    for (int i = window - 1; i >= half; i--) {
      int state = ring[i] == null ? ClosureLog.FREE : ring[i].lvState();
      if (state != ClosureLog.FREE && state != ClosureLog.VALIDATED) {
        return;
      }
    }
    for (int i = half; i < window; i++) {
      ClosureLog log = ring[i];
      if (log != null && log.lvState() == ClosureLog.VALIDATED) {
        reclaim(log);
      }
    }
    window = half;
    mask = half - 1;
  }

  /**
   * The log of a slot used for the first time. Validators find it through the queue, whose release
   * store on offer publishes this plain store with it.
   */
  private ClosureLog create(int slot) {
    ClosureLog log = new ClosureLog(this, slot);
    ring[slot] = log;
    return log;
  }

  /** Logs this thread currently cycles through (grows up to {@link #capacity()}). */
  public int window() {
    return window;
  }

  private void reclaim(ClosureLog log) {
    reclaimedBytes += log.accountedBytes();
    log.reset();
    PENDING_VIEW.setOpaque(this, publishedBytes - reclaimedBytes);
  }

  /**
   * Clears validated logs ahead of the cursor, in ring order, until one that is still pending; the
   * memory budget check calls this so that validated logs stop counting as pending.
   */
  public void reclaimValidated() {
    long limit = cursor + window;
    long c = Math.max(reclaimCursor, cursor);
    while (c < limit) {
      ClosureLog log = ring[(int) (c & mask)];
      // A slot never used is free.
      int state = log == null ? ClosureLog.FREE : log.lvState();
      if (state == ClosureLog.VALIDATED) {
        reclaim(log);
      } else if (state != ClosureLog.FREE) {
        break;
      }
      c++;
    }
    reclaimCursor = c;
  }

  /** Returns a log to the ring without publishing it (it overflowed). */
  public void abandon(ClosureLog log) {
    log.clear();
  }

  /**
   * Hands a finished log to the validators. Cannot fail: the queue holds the whole ring (see {@link
   * SpmcRingQueue}).
   */
  public void publish(ClosureLog log) {
    if (offering != null) {
      finishOffering();
    }
    long stamp = ClosureLog.UNTIMED;
    long cpuRead = 0;
    if (log.strict() || (publishedCount & (TIMED_EVERY - 1)) == 0 || cpuStale) {
      stamp = System.nanoTime();
      if ((cpuStale || stamp - cpuReadNanos > cpuRefreshNanos())
          && publishedCount >= cpuFirstRead) {
        cachedCpu = cpuId.getAsInt();
        cpuReadNanos = stamp;
        cpuStale = false;
        // What the read cost, for the controller: a cost per millisecond, not per log.
        cpuRead = System.nanoTime() - stamp;
      }
    }
    log.publishedAt(stamp, cachedCpu);
    // Read the log before it is offered: afterwards a validator may be working on it.
    long bytes = log.accountBytes();
    int entries = log.entryCount();
    assert log.home() == this : "a log published to another thread's queue";
    // From here to the end of the offer, an error thrown by a call (a StackOverflowError of a
    // program that recurses into closures and catches it) leaves the log half handed over: the
    // next takeLog or publish finishes it. Only field writes before the first call.
    offering = log;
    publishedBytes += bytes;
    publishedCount++;
    loggedEntries += entries;
    log.state(ClosureLog.PUBLISHED);
    published.offer(log.ringIndex());
    offering = null;
    PENDING_VIEW.setOpaque(this, publishedBytes - reclaimedBytes);
    PUBLISHED_VIEW.setOpaque(this, publishedCount);
    ENTRIES_VIEW.setOpaque(this, loggedEntries);
    long began = log.beganNanos();
    if (cpuRead > 0) {
      cpuReads(Math.min(cpuRead, cpuReadChargeMaxNanos()));
    }
    if (began != ClosureLog.UNTIMED) {
      measured(System.nanoTime() - began - cpuRead, entries);
    }
  }

  /**
   * True when the next log this thread takes is one whose cost is measured: the one in {@link
   * #TIMED_EVERY} that also carries a publication time, except the thread's first, which makes its
   * first log object and runs cold (a cost of the thread's start; measured, it made the model of a
   * program of short-lived threads its first logs' cost). Measuring adds two clock reads to that
   * log, at its beginning and after its publication, and none to any other execution (decision
   * 0040).
   */
  public boolean measuresNextLog() {
    return publishedCount > 0 && (publishedCount & (TIMED_EVERY - 1)) == 0;
  }

  /**
   * Counts what one logged execution cost this thread, from its beginning to the end of its
   * publication less a read of the CPU id ({@link #cpuReads}), in nanoseconds, with the entries it
   * recorded (publication calls this for measured logs; the sampling controller calibrates its cost
   * model with these, decision 0040).
   */
  public void measured(long nanos, int entries) {
    measuredLogs++;
    measuredEntries += entries;
    measuredNanos += Math.max(0, nanos);
    MEASURED_LOGS_VIEW.setOpaque(this, measuredLogs);
    MEASURED_ENTRIES_VIEW.setOpaque(this, measuredEntries);
    MEASURED_NANOS_VIEW.setOpaque(this, measuredNanos);
  }

  /**
   * Counts what refreshing the cached CPU id cost this thread ({@link #cpuRefreshNanos()}): a
   * system call through JNA, whose cold path costs microseconds, made on a logged execution at most
   * once per refresh interval whatever the logging rate. Measured logs leave it out; the controller
   * charges it in full (decision 0040).
   */
  public void cpuReads(long nanos) {
    cpuReadTotal += Math.max(0, nanos);
    CPU_READ_VIEW.setOpaque(this, cpuReadTotal);
  }

  /**
   * Called by a validator when it is done with a log from this thread: it drops the log's
   * references (old versions become garbage now) and hands it back with one release store; the
   * owner resets and reuses it when its ring comes round, without any shared free list.
   */
  public void recycle(ClosureLog log) {
    log.releaseReferences();
    log.soState(ClosureLog.VALIDATED);
  }

  /**
   * Whether this thread, waiting for a free log (sampling all), gave up because validators handed
   * none back for a while; it then skips logging without waiting until a log is free again.
   */
  public boolean gaveUpWaiting() {
    return gaveUpWaiting;
  }

  public void gaveUpWaiting(boolean gaveUp) {
    gaveUpWaiting = gaveUp;
  }

  /** The queue validators poll. */
  public SpmcRingQueue<ClosureLog> queue() {
    return published;
  }

  /** Logs in the ring (also the queue's capacity). */
  public int capacity() {
    return ring.length;
  }

  /** Logs created so far: slots of the ring used at least once (this thread only). */
  public int createdLogs() {
    int n = 0;
    for (ClosureLog log : ring) {
      if (log != null) {
        n++;
      }
    }
    return n;
  }

  /** Bytes held by logs this thread published and has not reclaimed yet (this thread only). */
  public long pendingBytes() {
    return publishedBytes - reclaimedBytes;
  }

  /** {@link #pendingBytes()} as last published by the owner, readable from any thread. */
  public long pendingBytesView() {
    return Math.max(0, (long) PENDING_VIEW.getOpaque(this));
  }

  /** Logs published so far, readable from any thread. */
  public long publishedCountView() {
    return (long) PUBLISHED_VIEW.getOpaque(this);
  }

  /** Loads, stores, allocations and arguments recorded in published logs, from any thread. */
  public long loggedEntriesView() {
    return (long) ENTRIES_VIEW.getOpaque(this);
  }

  /**
   * For the sampling controller (one at a time): logs and entries published since its previous
   * call, then the measured logs among them, their entries and the nanoseconds they cost, and the
   * nanoseconds spent reading the CPU id, as {@code {logs, entries, measuredLogs, measuredEntries,
   * measuredNanos, cpuReadNanos}}. The views are written one after the other, so a look between two
   * writes counts part of a log in the next period; a period's figures are estimates anyway.
   */
  public long[] controllerDelta() {
    long p = publishedCountView();
    long e = loggedEntriesView();
    long ml = (long) MEASURED_LOGS_VIEW.getOpaque(this);
    long me = (long) MEASURED_ENTRIES_VIEW.getOpaque(this);
    long mn = (long) MEASURED_NANOS_VIEW.getOpaque(this);
    long cr = (long) CPU_READ_VIEW.getOpaque(this);
    long[] d = {
      p - controllerPublished,
      e - controllerEntries,
      ml - controllerMeasuredLogs,
      me - controllerMeasuredEntries,
      mn - controllerMeasuredNanos,
      cr - controllerCpuReads
    };
    controllerPublished = p;
    controllerEntries = e;
    controllerMeasuredLogs = ml;
    controllerMeasuredEntries = me;
    controllerMeasuredNanos = mn;
    controllerCpuReads = cr;
    return d;
  }

  /** Executions this thread did not log (no free log, or over budget), from any thread. */
  public long skippedCountView() {
    return (long) SKIPPED_VIEW.getOpaque(this);
  }

  /** Logs this thread revoked: each stood for an execution whose log was never published. */
  public long revokedLogs() {
    return revoked;
  }

  /** Hand-overs an error cut short, finished at the thread's next take or publication. */
  public long cutShortOffers() {
    return cutShortOffers;
  }

  /** This thread did not log an execution. */
  public void skipped() {
    SKIPPED_VIEW.setOpaque(this, ++skippedCount);
  }

  /** The thread's CPU, from a cache refreshed at most every {@link #cpuRefreshNanos()}. */
  public int cpu() {
    long now = System.nanoTime();
    if (cpuStale || now - cpuReadNanos > cpuRefreshNanos()) {
      cachedCpu = cpuId.getAsInt();
      cpuReadNanos = now;
      cpuStale = false;
    }
    return cachedCpu;
  }

  /**
   * Reads the CPU id first at the {@link #INITIAL_WINDOW}-th publication rather than the first; the
   * logs before it carry -1 (unknown). For a virtual thread without {@code sched_getcpu}: a task of
   * a few closures would pay a /proc read, tens of microseconds, for an id that names whichever
   * carrier it ran on (decision 0087).
   */
  public void readCpuLater() {
    cpuFirstRead = INITIAL_WINDOW;
    cpuStale = false;
  }

  /** Forces the next {@link #cpu()} to ask the OS (after pinning). */
  public void refreshCpu() {
    cpuStale = true;
  }

  /** Starts a log taken from this thread's ring. */
  public void start(ClosureLog log, ClosureBinding binding, int callerId, boolean strict) {
    start(log, binding, callerId, strict, ClosureLog.UNTIMED);
  }

  /**
   * Starts a log whose cost is measured from {@code beganNanos} ({@link System#nanoTime}) to the
   * end of its publication; {@link ClosureLog#UNTIMED} for one that is not measured.
   */
  public void start(
      ClosureLog log, ClosureBinding binding, int callerId, boolean strict, long beganNanos) {
    log.start(binding, callerId, strict, beganNanos);
  }
}
