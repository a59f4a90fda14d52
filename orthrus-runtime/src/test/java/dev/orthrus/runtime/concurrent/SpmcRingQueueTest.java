package dev.orthrus.runtime.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The ring queue: order, size, the never-full discipline, and a stress run. */
class SpmcRingQueueTest {

  /** An element of the owner's ring that knows its index, as a closure log does. */
  private record Slot(int index) {}

  private static Slot[] ring(int size) {
    Slot[] ring = new Slot[size];
    for (int i = 0; i < size; i++) {
      ring[i] = new Slot(i);
    }
    return ring;
  }

  @Test
  void elementsComeOutInOfferOrderAndTheSizeFollows() {
    Slot[] ring = ring(8);
    SpmcRingQueue<Slot> queue = new SpmcRingQueue<>(ring);
    assertNull(queue.poll());
    assertEquals(0, queue.size());
    int[] order = {3, 0, 7, 5};
    for (int i : order) {
      queue.offer(i);
    }
    assertEquals(4, queue.size());
    for (int i : order) {
      assertSame(ring[i], queue.poll());
    }
    assertNull(queue.poll());
    assertEquals(0, queue.size());
    // Wrapping round the slots many times keeps the order.
    for (int round = 0; round < 100; round++) {
      for (int i = 0; i < 8; i++) {
        queue.offer((i + round) & 7);
      }
      assertEquals(8, queue.size());
      for (int i = 0; i < 8; i++) {
        assertSame(ring[(i + round) & 7], queue.poll());
      }
    }
  }

  @Test
  void theSlotTagsWrapAroundTwoToTheThirtyTwo() {
    Slot[] ring = ring(8);
    SpmcRingQueue<Slot> queue = new SpmcRingQueue<>(ring);
    // Start a few laps before the 32-bit tag wraps, with the slots as the previous lap left them.
    long start = (1L << 32) - 20;
    for (long s = start - 8; s < start; s++) {
      queue.slots[SpmcRingQueue.SLOT_PAD + (int) (s & 7)] = ((s + 1) & 0xFFFF_FFFFL) << 32;
    }
    queue.producerIndex = start;
    queue.consumerIndex = start;
    assertNull(queue.poll());
    for (int i = 0; i < 40; i++) {
      queue.offer(i & 7);
      queue.offer((i + 3) & 7);
      assertEquals(2, queue.size());
      assertSame(ring[i & 7], queue.poll());
      assertSame(ring[(i + 3) & 7], queue.poll());
      assertNull(queue.poll(), "sequence " + queue.consumerIndex);
    }
    assertTrue(queue.consumerIndex > (1L << 32) + 40);
  }

  @Test
  void aRingThatIsNotAPowerOfTwoIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new SpmcRingQueue<>(ring(6)));
  }

  @Test
  void offeringMoreThanTheRingHoldsTripsTheAssertion() {
    // The producer never reads the consumers' index on its fast path; only the assertion does.
    assertTrue(SpmcRingQueue.class.desiredAssertionStatus(), "tests run with assertions on");
    SpmcRingQueue<Slot> queue = new SpmcRingQueue<>(ring(4));
    for (int i = 0; i < 4; i++) {
      queue.offer(i);
    }
    assertThrows(AssertionError.class, () -> queue.offer(0));
  }

  /**
   * One producer and three consumers push 400,000 items through a ring of 16, under the ring's
   * discipline: the producer reuses an index only after a consumer has marked it done (as a
   * validator hands a log back), so never more than 16 are outstanding. Every item must be consumed
   * exactly once, and a claimed index must be one that is outstanding (a slot read that a CAS
   * wrongly confirmed would show up as a duplicate or as an index that is not in flight).
   */
  @Test
  void everyItemIsConsumedExactlyOnceUnderContention() throws Exception {
    int size = 16;
    int items = 400_000;
    int consumers = 3;
    // Generous: about a second on an idle 2-core machine, much longer when other work preempts
    // the spinning threads. Every item must get through; none is given up for time.
    long deadline = System.nanoTime() + 60_000_000_000L;
    Slot[] ring = ring(size);
    SpmcRingQueue<Slot> queue = new SpmcRingQueue<>(ring);
    // Item number carried by each index while it is outstanding: written by the producer before
    // the offer, so the queue's release/acquire pair publishes it.
    int[] payload = new int[size];
    AtomicIntegerArray inFlight = new AtomicIntegerArray(size);
    AtomicIntegerArray seen = new AtomicIntegerArray(items);
    AtomicLong consumed = new AtomicLong();
    AtomicReference<String> error = new AtomicReference<>();
    long[] produced = new long[1];
    AtomicBoolean producerDone = new AtomicBoolean();
    Thread producer =
        new Thread(
            () -> {
              long cursor = 0;
              int item = 0;
              while (item < items && System.nanoTime() - deadline < 0 && error.get() == null) {
                int index = (int) (cursor & (size - 1));
                if (inFlight.getAcquire(index) != 0) {
                  // The log at the ring's cursor is still pending: the real owner skips; here,
                  // retry.
                  Thread.onSpinWait();
                  continue;
                }
                payload[index] = item;
                inFlight.setPlain(index, 1);
                queue.offer(index);
                item++;
                cursor++;
              }
              produced[0] = item;
              producerDone.set(true);
            },
            "log-queue-producer");
    List<Thread> threads = new ArrayList<>();
    for (int k = 0; k < consumers; k++) {
      SplittableRandom random = new SplittableRandom(42 + k);
      threads.add(
          new Thread(
              () -> {
                while (error.get() == null) {
                  Slot log = queue.poll();
                  if (log == null) {
                    if (producerDone.get() && queue.size() == 0) {
                      return;
                    }
                    Thread.onSpinWait();
                    continue;
                  }
                  int index = log.index();
                  if (inFlight.get(index) != 1) {
                    error.compareAndSet(
                        null, "claimed index " + index + " that was not outstanding");
                    return;
                  }
                  int item = payload[index];
                  if (seen.getAndIncrement(item) != 0) {
                    error.compareAndSet(null, "item " + item + " consumed twice");
                    return;
                  }
                  consumed.incrementAndGet();
                  // Vary the interleavings: sometimes hold the log a little before handing it back.
                  if (random.nextInt(8) == 0) {
                    for (int s = random.nextInt(64); s > 0; s--) {
                      Thread.onSpinWait();
                    }
                  }
                  inFlight.setRelease(index, 0);
                }
              },
              "log-queue-consumer-" + k));
    }
    threads.forEach(Thread::start);
    producer.start();
    producer.join(70_000);
    for (Thread t : threads) {
      t.join(10_000);
    }
    assertNull(error.get());
    assertTrue(!producer.isAlive() && threads.stream().noneMatch(Thread::isAlive), "threads ended");
    long n = produced[0];
    assertEquals(items, n, "items produced in the time allowed");
    assertEquals(n, consumed.get(), "items lost");
    for (int i = 0; i < n; i++) {
      if (seen.get(i) != 1) {
        assertEquals(1, seen.get(i), "item " + i);
      }
    }
    assertEquals(0, queue.size());
  }
}
