package dev.orthrus.runtime.log;

import dev.orthrus.runtime.cpu.CpuId;
import java.util.concurrent.atomic.AtomicLong;
import org.jctools.queues.MpscArrayQueue;
import org.jctools.queues.SpmcArrayQueue;

/**
 * The runtime's state for one application thread: its pool of reusable logs and its queue of
 * published logs.
 *
 * <p>Only this thread takes logs from the pool and offers to the queue, so the queue is
 * single-producer; validators consume from it (any of them, which is how work stealing works) and
 * give logs back through the pool, which is therefore multi-producer, single-consumer. An empty
 * pool or a full queue means "do not log this execution": the thread never waits.
 */
public final class AppThread {

  /**
   * How many logs between refreshes of the cached CPU id: 64 with {@code sched_getcpu}, 4096
   * with the /proc fallback, whose file read costs microseconds.
   */
  private static final int CPU_REFRESH = CpuId.isNative() ? 64 : 4096;

  private final Thread thread;
  private final int index;
  private final MpscArrayQueue<ClosureLog> pool;
  private final SpmcArrayQueue<ClosureLog> published;

  // Written by this thread only.
  private long publishedBytes;
  private long publishedCount;
  private long skippedCount;
  private int cachedCpu = -1;
  private int untilCpuRefresh;
  private long random;

  /** Written by validators when they recycle a log. */
  private final AtomicLong releasedBytes = new AtomicLong();

  public AppThread(Thread thread, int index, int capacity) {
    this.thread = thread;
    this.index = index;
    this.pool = new MpscArrayQueue<>(capacity);
    this.published = new SpmcArrayQueue<>(capacity);
    for (int i = 0; i < capacity; i++) {
      pool.offer(new ClosureLog(this));
    }
    this.random = 0x9E3779B97F4A7C15L * (index + 1) ^ thread.getId();
  }

  public Thread thread() {
    return thread;
  }

  public int index() {
    return index;
  }

  /** A free log, or null when every log is pending (the caller then skips logging). */
  public ClosureLog takeLog() {
    return pool.relaxedPoll();
  }

  /** Returns a log to the pool without publishing it. */
  public void abandon(ClosureLog log) {
    log.clear();
    pool.relaxedOffer(log);
  }

  /**
   * Hands a finished log to the validators; false (and the log back in the pool) when the queue
   * is full.
   */
  public boolean publish(ClosureLog log, long nowNanos) {
    log.publishedAt(nowNanos);
    long bytes = log.estimatedBytes();
    if (!published.offer(log)) {
      skippedCount++;
      abandon(log);
      return false;
    }
    publishedBytes += bytes;
    publishedCount++;
    return true;
  }

  /**
   * Offers a finished log without giving up when the queue is full; the caller decides whether to
   * retry (strict mode) or abandon it.
   */
  public boolean tryPublish(ClosureLog log, long nowNanos) {
    log.publishedAt(nowNanos);
    if (!published.offer(log)) {
      return false;
    }
    publishedBytes += log.estimatedBytes();
    publishedCount++;
    return true;
  }

  /** Called by a validator after it is done with a log from this thread. */
  public void recycle(ClosureLog log) {
    releasedBytes.addAndGet(log.estimatedBytes());
    log.clear();
    pool.offer(log);
  }

  /** The queue validators poll. */
  public SpmcArrayQueue<ClosureLog> queue() {
    return published;
  }

  /** Bytes held by logs this thread published that are not validated yet (this thread only). */
  public long pendingBytes() {
    return publishedBytes - releasedBytes.get();
  }

  /** Racy read for monitoring from other threads. */
  public long pendingBytesEstimate() {
    return Math.max(0, publishedBytes - releasedBytes.get());
  }

  public long publishedCount() {
    return publishedCount;
  }

  public long skippedCount() {
    return skippedCount;
  }

  public void skipped() {
    skippedCount++;
  }

  /** The thread's CPU, from a cache refreshed every {@link #CPU_REFRESH} logs. */
  public int cpu() {
    if (--untilCpuRefresh < 0) {
      cachedCpu = CpuId.current();
      untilCpuRefresh = CPU_REFRESH;
    }
    return cachedCpu;
  }

  /** Forces the next {@link #cpu()} to ask the OS (after pinning). */
  public void refreshCpu() {
    untilCpuRefresh = 0;
  }

  /** xorshift64 for sampling decisions; deterministic per thread index. */
  public long nextRandom() {
    long x = random;
    x ^= x << 13;
    x ^= x >>> 7;
    x ^= x << 17;
    random = x;
    return x;
  }

  /** Starts a log taken from this thread's pool. */
  public void start(
      ClosureLog log, dev.orthrus.runtime.ClosureBinding binding, int callerId, boolean strict) {
    log.start(binding, callerId, strict, cpu());
  }
}
