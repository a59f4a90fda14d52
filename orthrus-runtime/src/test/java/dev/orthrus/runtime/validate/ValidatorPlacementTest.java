package dev.orthrus.runtime.validate;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.AppThread;
import dev.orthrus.runtime.concurrent.IdleStrategy;
import org.junit.jupiter.api.Test;

/** When validators may spin: configured, and application threads plus validators fit. */
class ValidatorPlacementTest {

  private static AppThread[] appThreads(int n) {
    AppThread[] threads = new AppThread[n];
    for (int i = 0; i < n; i++) {
      threads[i] = new AppThread(Thread.currentThread(), i, 2);
    }
    return threads;
  }

  private static ValidatorPool pool(int apps, int cpus, boolean spin) {
    AppThread[] threads = appThreads(apps);
    return new ValidatorPool(
        () -> threads,
        () -> PolledQueues.NONE,
        null,
        e -> {},
        1,
        false,
        () -> cpus,
        IdleStrategy::backoff,
        spin,
        0,
        0);
  }

  @Test
  void validatorsSpinOnlyWhenEveryThreadHasACpu() {
    assertTrue(pool(1, 2, true).validatorsOwnTheirCpus());
    assertTrue(pool(2, 2, true).validatorsOwnTheirCpus(), "no validator started yet");
    assertFalse(pool(3, 2, true).validatorsOwnTheirCpus());
    assertFalse(pool(1, 2, false).validatorsOwnTheirCpus(), "switched off");
  }
}
