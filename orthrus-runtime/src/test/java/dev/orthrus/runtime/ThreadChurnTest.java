package dev.orthrus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.sample.FixedSampling;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Issue 8, item 4: the runtime's memory must not grow with every thread that ever logged. A server
 * that serves each connection on a new thread registers thousands of short-lived threads.
 */
class ThreadChurnTest {

  private static final ClosureBinding NOOP =
      ClosureBinding.of(
          ThreadChurnTest.class.getName() + "#noop()", "noop", (log, r) -> r.returnVoid());

  /** Executions per short-lived thread: "a few", all logged. */
  private static final int EXECUTIONS = 5;

  /** Threads alive at once: short-lived threads come and go in waves of this many. */
  private static final int WAVE = 8;

  private static OrthrusRuntime runtime() {
    return new OrthrusRuntime(
        RuntimeConfig.builder()
            .sampling(() -> new FixedSampling(1.0))
            .validators(1)
            .err(null)
            .build());
  }

  /** Runs {@code threads} short-lived threads that each log a few executions, in waves. */
  static void churn(OrthrusRuntime rt, int threads) throws InterruptedException {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    for (int started = 0; started < threads; started += WAVE) {
      List<Thread> wave = new ArrayList<>();
      for (int i = started; i < Math.min(threads, started + WAVE); i++) {
        Thread t =
            new Thread(
                () -> {
                  try {
                    for (int k = 0; k < EXECUTIONS; k++) {
                      ClosureLog log = rt.begin(NOOP, k);
                      if (log != null) {
                        log.returnVoid();
                        rt.publish(log);
                      }
                    }
                  } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                  }
                },
                "churn-" + i);
        wave.add(t);
        t.start();
      }
      for (Thread t : wave) {
        t.join();
      }
    }
    if (failure.get() != null) {
      throw new AssertionError("a short-lived thread failed", failure.get());
    }
  }

  /** Heap in use after full collections, with {@code threads} threads having come and gone. */
  private static long heapAfterChurn(int threads) throws InterruptedException {
    OrthrusRuntime rt = runtime();
    try {
      churn(rt, threads);
      assertTrue(rt.awaitDrained(30_000), "logs of dead threads were not validated");
      assertEquals((long) threads * EXECUTIONS, rt.validatedCount());
      assertTrue(
          awaitRetired(rt, threads),
          "state of ended threads was kept: "
              + rt.registeredThreads()
              + " registered, "
              + rt.retiredThreads()
              + " retired");
      return usedHeapAfterGc();
    } finally {
      // The runtime must stay reachable until measured.
      Reference.reachabilityFence(rt);
      rt.close();
    }
  }

  /**
   * Waits (the controller retires ended threads every control period) until the state of all {@code
   * threads} is dropped; true if it was within 10 s.
   */
  static boolean awaitRetired(OrthrusRuntime rt, int threads) throws InterruptedException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (rt.retiredThreads() < threads && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    return rt.retiredThreads() == threads && rt.registeredThreads() == 0;
  }

  private static long usedHeapAfterGc() throws InterruptedException {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(20);
      used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
    }
    return used;
  }

  @Test
  void fourThousandShortLivedLoggingThreadsRetainNoMoreThanTwiceTheHeapOfOneHundred()
      throws InterruptedException {
    long hundred = heapAfterChurn(100);
    long fourThousand = heapAfterChurn(4_000);
    String seen =
        "heap after GC: "
            + hundred / 1024
            + " KB after 100 threads, "
            + fourThousand / 1024
            + " KB after 4000";
    System.out.println("ThreadChurnTest: " + seen);
    assertTrue(fourThousand <= 2 * hundred, seen);
  }

  @Test
  void logsOfEndedThreadsAreValidatedBeforeTheirStateIsDropped() throws InterruptedException {
    try (OrthrusRuntime rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                .sampling(() -> new FixedSampling(1.0))
                .validators(0)
                .err(null)
                .build())) {
      churn(rt, 20);
      assertEquals(20L * EXECUTIONS, rt.publishedCount());
      // A new thread's registration looks for ended threads: theirs are all still queued.
      churn(rt, 1);
      assertEquals(21, rt.registeredThreads());
      assertEquals(0, rt.retiredThreads());
      rt.validators().add();
      assertTrue(rt.awaitDrained(30_000));
      assertEquals(21L * EXECUTIONS, rt.validatedCount());
      assertTrue(awaitRetired(rt, 21), rt.registeredThreads() + " registered");
      // Counters of retired threads stay in the totals.
      assertEquals(21L * EXECUTIONS, rt.publishedCount());
      assertEquals(0, rt.detections().count());
    }
  }

  @Test
  void aLiveThreadIsNeverRetired() throws InterruptedException {
    try (OrthrusRuntime rt = runtime()) {
      ClosureLog log = rt.begin(NOOP, 0);
      log.returnVoid();
      rt.publish(log);
      churn(rt, 10);
      assertTrue(rt.awaitDrained(30_000));
      assertTrue(
          awaitRetired(rt, 10) || rt.registeredThreads() == 1,
          rt.registeredThreads() + " registered");
      assertEquals(1, rt.registeredThreads());
      assertTrue(rt.appThread().thread() == Thread.currentThread());
    }
  }
}
