package dev.orthrus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.AppThread;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Many threads alive at once (a server's connections, a virtual-thread executor's tasks): each
 * registration costs a constant time on average. A registration that walked every registered thread
 * to retire ended ones made 25,000 concurrently live virtual threads quadratic, under the lock the
 * controller's retirement (run by a validator) waited for, so validators stopped.
 */
class ThreadRegistryTest {

  private static final int THREADS = 3_000;

  @Test
  void threadsAliveTogetherRegisterWithoutAWalkEach() throws InterruptedException {
    ThreadRegistry registry = new ThreadRegistry(4, 64L << 20, () -> 0);
    CountDownLatch registered = new CountDownLatch(THREADS);
    CountDownLatch release = new CountDownLatch(1);
    Set<AppThread> seen = java.util.Collections.synchronizedSet(new HashSet<>());
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      Thread t =
          new Thread(
              () -> {
                AppThread mine = registry.current();
                assertSame(mine, registry.current(), "a second lookup finds the same state");
                seen.add(mine);
                registered.countDown();
                try {
                  release.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              },
              "app-" + i);
      t.setDaemon(true);
      t.start();
      threads.add(t);
    }
    assertTrue(registered.await(60, TimeUnit.SECONDS));
    assertEquals(THREADS, seen.size());
    assertEquals(THREADS, registry.registered());
    assertEquals(THREADS, registry.threads().length);
    assertEquals(THREADS, registry.live());
    // Walks at 64, 128, 256, ... registrations: a dozen, not one per thread.
    long scans = registry.retirementScans();
    assertTrue(scans <= 12, scans + " walks for " + THREADS + " registrations");

    release.countDown();
    for (Thread t : threads) {
      t.join(10_000);
    }
    registry.retireDead();
    assertEquals(0, registry.registered(), "ended threads with empty queues are retired");
    assertEquals(THREADS, registry.retiredCount());
    assertEquals(1, registry.live(), "at least one");
  }

  private static final ClosureBinding WORK =
      ClosureBinding.of(
          ThreadRegistryTest.class.getName() + "#work()", "work", (log, r) -> r.returnVoid());

  /**
   * A virtual thread (decision 0087) gets a ring of the starting window's size and, without
   * sched_getcpu, publishes its first log without reading its CPU; its queue is polled like a
   * platform thread's. Virtual threads are stood in for, so the test runs on Java 17.
   */
  @Test
  void aVirtualThreadGetsASmallRingAndReadsItsCpuLate() throws InterruptedException {
    for (boolean virtual : new boolean[] {true, false}) {
      AtomicInteger reads = new AtomicInteger();
      ThreadRegistry registry =
          new ThreadRegistry(
              1024,
              64L << 20,
              () -> {
                reads.incrementAndGet();
                return 3;
              },
              t -> virtual,
              () -> false);
      int[] seen = new int[2];
      Thread task =
          new Thread(
              () -> {
                AppThread app = registry.current();
                seen[0] = app.capacity();
                ClosureLog log = app.takeLog();
                app.start(log, WORK, 0, false);
                log.returnVoid();
                app.publish(log);
                seen[1] = log.appCpu();
              });
      task.start();
      task.join();
      assertEquals(virtual ? AppThread.INITIAL_WINDOW : 1024, seen[0], "ring, virtual " + virtual);
      assertEquals(virtual ? 0 : 1, reads.get(), "CPU reads, virtual " + virtual);
      assertEquals(virtual ? -1 : 3, seen[1], "the log's CPU, virtual " + virtual);
      assertEquals(1, registry.polledQueues().count());
      assertSame(registry.threads()[0].queue(), registry.polledQueues().slots()[0]);
    }
  }
}
