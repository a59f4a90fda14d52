package dev.orthrus.runtime.concurrent;

/**
 * The real {@link SpmcRingQueue} for {@link SpmcRingQueueModelCheckTest}, its indices starting at
 * {@code start}. A class of its own, so that a seeded bug's class loader can load it (with the
 * queue it drives) apart from the test.
 */
final class RingQueueDriver implements SpmcRingQueueModelCheckTest.BoundedQueue {
  private static final int CAPACITY = SpmcRingQueueModelCheckTest.CAPACITY;

  private final SpmcRingQueue<Integer> queue;
  private long cursor;

  RingQueueDriver(long start) {
    Integer[] ring = new Integer[CAPACITY];
    for (int i = 0; i < CAPACITY; i++) {
      ring[i] = i;
    }
    queue = new SpmcRingQueue<>(ring);
    // The slots as the lap before start left them, each holding its last sequence's tag; from
    // 0, as the queue is made (zeroed: never offered).
    for (long s = Math.max(0, start - CAPACITY); s < start; s++) {
      queue.slots[SpmcRingQueue.SLOT_PAD + (int) (s & (CAPACITY - 1))] =
          ((s + 1) & 0xFFFF_FFFFL) << 32;
    }
    queue.producerIndex = start;
    queue.consumerIndex = start;
    cursor = start;
  }

  @Override
  public boolean offer() {
    if (queue.size() == CAPACITY) {
      return false;
    }
    queue.offer((int) (cursor++ & (CAPACITY - 1)));
    return true;
  }

  @Override
  public Integer poll() {
    return queue.poll();
  }
}
