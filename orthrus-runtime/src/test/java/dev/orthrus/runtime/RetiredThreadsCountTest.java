package dev.orthrus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.sample.FixedSampling;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Short-lived threads are retired (their counters moved to the registry's totals) while another
 * thread reads the counts: each thread is counted once, never twice. A generated-code stress test
 * read one thread's 15,000 executions twice in the moment its thread was retired.
 */
class RetiredThreadsCountTest {

  private static final ClosureBinding NOOP =
      ClosureBinding.of(
          RetiredThreadsCountTest.class.getName() + "#noop()", "noop", (log, r) -> r.returnVoid());

  @Test
  void aThreadBeingRetiredIsCountedOnce() throws Exception {
    int threads = 300;
    int each = 20;
    RuntimeConfig config =
        RuntimeConfig.builder()
            .sampling(() -> new FixedSampling(1.0))
            .validators(1)
            .err(null)
            .build();
    try (OrthrusRuntime rt = OrthrusRuntime.start(config)) {
      AtomicBoolean done = new AtomicBoolean();
      AtomicLong over = new AtomicLong();
      AtomicLong published = new AtomicLong();
      Thread reader =
          new Thread(
              () -> {
                while (!done.get()) {
                  long seen = rt.publishedCount();
                  if (seen > published.get()) {
                    over.incrementAndGet();
                  }
                }
              });
      reader.start();
      for (int i = 0; i < threads; i++) {
        Thread t =
            new Thread(
                () -> {
                  for (int k = 0; k < each; k++) {
                    ClosureLog log = rt.begin(NOOP, k);
                    if (log != null) {
                      log.returnVoid();
                      rt.publish(log);
                    }
                  }
                });
        published.addAndGet(each); // before any of its executions can be counted
        t.start();
        t.join();
      }
      done.set(true);
      reader.join();
      assertTrue(rt.awaitDrained(30_000));
      assertEquals(0, over.get(), "reads that counted a thread twice");
      assertEquals((long) threads * each, rt.publishedCount());
    }
  }
}
