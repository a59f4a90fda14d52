package dev.orthrus.runtime.log;

/**
 * Test-scope access to a bare {@link LogQueue} for {@code LogCostProbe}'s queue-alone mode, which
 * lives in another package; the runtime itself creates queues only inside {@link AppThread}.
 */
public final class LogQueueForProbe {

  private final LogQueue queue;

  /** A queue over a ring of {@code capacity} detached logs (a power of two). */
  public LogQueueForProbe(int capacity) {
    ClosureLog[] ring = new ClosureLog[capacity];
    for (int i = 0; i < capacity; i++) {
      ring[i] = new ClosureLog(null, i);
    }
    queue = new LogQueue(ring);
  }

  /** Producer side; the caller keeps at most {@code capacity} items outstanding. */
  public void offer(int ringIndex) {
    queue.offer(ringIndex);
  }

  public ClosureLog poll() {
    return queue.poll();
  }

  public int size() {
    return queue.size();
  }
}
