package dev.orthrus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.sample.FixedSampling;
import dev.orthrus.testkit.KvMap;
import java.lang.ref.WeakReference;
import org.junit.jupiter.api.Test;

class MemoryBudgetTest {

  @Test
  void withTheValidatorStoppedPendingLogsStayWithinBudgetAndTheAppRuns() {
    long budget = 256 * 1024;
    try (OrthrusRuntime rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                // Every execution logged: these exercise the memory budget and the queue, not
                // sampling.
                .sampling(() -> new FixedSampling(1.0))
                .validators(0)
                .logsPerThread(1 << 16)
                .memoryBudgetBytes(budget)
                .err(null)
                .build())) {
      KvMap map = new KvMap(rt, 1024);
      byte[] value = new byte[100];
      for (int i = 0; i < 100_000; i++) {
        map.set("k" + (i % 5000), value, 0);
      }
      assertEquals(5000, map.size());
      // At most one log beyond the budget: the check happens before a log is taken.
      assertTrue(rt.pendingBytes() <= budget + 4096, "pending " + rt.pendingBytes());
      assertTrue(rt.skippedForMemory() > 0, "the budget never applied");
    }
  }

  @Test
  void aFullQueueSkipsInsteadOfBlocking() {
    try (OrthrusRuntime rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                // Every execution logged: these exercise the memory budget and the queue, not
                // sampling.
                .sampling(() -> new FixedSampling(1.0))
                .validators(0)
                .logsPerThread(8)
                .err(null)
                .build())) {
      KvMap map = new KvMap(rt, 16);
      for (int i = 0; i < 100; i++) {
        map.set("k" + i, new byte[] {1}, 0);
      }
      assertEquals(8, rt.publishedCount());
      assertEquals(92, rt.skippedCount());
      assertNull(rt.appThread().takeLog());
    }
  }

  @Test
  void oldVersionsAreCollectedOnceTheirLogsAreValidated() throws Exception {
    try (OrthrusRuntime rt = new OrthrusRuntime(RuntimeConfig.builder().err(null).build())) {
      KvMap map = new KvMap(rt, 16);
      map.set("k", new byte[] {1}, 0);
      assertTrue(rt.awaitDrained(10_000));
      WeakReference<Version> old =
          new WeakReference<>(
              ((dev.orthrus.runtime.api.VersionedObject<?>) map.itemHandle("k")).lvVersion());
      map.set("k", new byte[] {2}, 0); // replaces the version; the old one is only in the log
      assertTrue(rt.awaitDrained(10_000));
      for (int i = 0; i < 50 && old.get() != null; i++) {
        System.gc();
        Thread.sleep(20);
      }
      assertNull(old.get(), "an old version outlived its validated logs");
    }
  }
}
