package dev.orthrus.runtime.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.sample.FixedSampling;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 8, item 4: validators poll the queues of registered threads only, so once an ended thread's
 * state is retired its queue is no longer polled, and ended threads do not count as threads that
 * need a CPU.
 */
class RetiredThreadPollingTest {

  private static final ClosureBinding NOOP =
      ClosureBinding.of(
          RetiredThreadPollingTest.class.getName() + "#noop()", "noop", (log, r) -> r.returnVoid());

  @Test
  void validatorsStopPollingTheQueuesOfEndedThreads() throws InterruptedException {
    try (OrthrusRuntime rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                .sampling(() -> new FixedSampling(1.0))
                .validators(1)
                .err(null)
                .build())) {
      List<Thread> threads = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        threads.add(
            new Thread(
                () -> {
                  ClosureLog log = rt.begin(NOOP, 0);
                  log.returnVoid();
                  rt.publish(log);
                }));
      }
      for (Thread t : threads) {
        t.start();
        t.join();
      }
      assertTrue(rt.awaitDrained(30_000));
      ValidatorPool pool = rt.validators();
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (pool.queues().count() > 0 && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      assertEquals(0, pool.queues().count(), "queues of ended threads still polled");
      assertEquals(50, rt.retiredThreads());
      assertEquals(50, rt.validatedCount());
    }
  }

  @Test
  void endedThreadsDoNotCountAsThreadsThatNeedACpu() throws InterruptedException {
    try (OrthrusRuntime rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                .sampling(() -> new FixedSampling(1.0))
                .validators(0)
                .cpus(() -> 2)
                .err(null)
                .build())) {
      for (int i = 0; i < 3; i++) {
        Thread t =
            new Thread(
                () -> {
                  ClosureLog log = rt.begin(NOOP, 0);
                  log.returnVoid();
                  rt.publish(log);
                });
        t.start();
        t.join();
      }
      // Three ended threads with logs still queued (no validator yet): registered, not live.
      assertEquals(3, rt.registeredThreads());
      assertTrue(rt.validators().validatorsOwnTheirCpus());
    }
  }
}
