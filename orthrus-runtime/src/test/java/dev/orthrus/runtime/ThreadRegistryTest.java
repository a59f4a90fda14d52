package dev.orthrus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.AppThread;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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
}
