package dev.orthrus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.AppThread;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.sample.RandomSampling;
import dev.orthrus.runtime.validate.ValidatorPool;
import org.junit.jupiter.api.Test;

/**
 * The controller lowers the rate when validators cannot keep up, not when a backlog they are
 * draining sits over the queue target (decision 0041). Deterministic: one application thread and a
 * stand-in validator on a simulated clock, each control period publishing and taking a set number
 * of logs.
 */
class BacklogControlTest {

  private static final ClosureBinding WORK =
      ClosureBinding.of(
          BacklogControlTest.class.getName() + "#work()", "work", (log, r) -> r.returnVoid());

  private static final int TARGET = 64;

  private static final class Simulation {
    final RandomSampling policy = new RandomSampling(1.0);
    final ThreadRegistry registry = new ThreadRegistry(1024, 1L << 40, () -> 0);
    final SamplingController controller =
        new SamplingController(
            RuntimeConfig.builder()
                .overheadBudget(1.0)
                .queueTarget(TARGET)
                .memoryBudgetBytes(1L << 40)
                .err(null)
                .build(),
            policy,
            registry,
            () -> true);
    final AppThread app = registry.current();
    long now = 1_000_000_000L;
    double owed;

    Simulation() {
      // No core is spare, so a controller that finds validators behind lowers the rate.
      controller.validators(
          new ValidatorPool(
              registry::threads,
              registry::polledQueues,
              null,
              e -> {},
              1,
              false,
              () -> 1,
              null,
              false,
              1 << 20,
              0));
    }

    /** Publishes {@code logs} logs at once, whatever the rate (a burst, or a validator's start). */
    void burst(int logs) {
      for (int i = 0; i < logs; i++) {
        ClosureLog log = app.takeLog();
        app.start(log, WORK, 0, false);
        log.returnVoid();
        app.publish(log);
      }
    }

    /**
     * Runs {@code millis} control periods in which the application executes {@code executions}
     * closures, of which it logs the sampled share (the rate), and the validator takes {@code
     * validated} logs.
     */
    void run(int millis, int executions, int validated) {
      for (int m = 0; m < millis; m++) {
        owed += executions * policy.rate();
        int logs = (int) owed;
        owed -= logs;
        burst(logs);
        for (int i = 0; i < validated; i++) {
          ClosureLog log = app.queue().poll();
          if (log == null) {
            break;
          }
          app.recycle(log);
        }
        now += SamplingController.CONTROL_PERIOD_NANOS;
        controller.tick(null, now);
      }
    }
  }

  @Test
  void aBacklogThatValidatorsDrainDoesNotLowerTheRate() {
    Simulation s = new Simulation();
    // A cold validator's start: 800 logs queued, then it takes 10 a millisecond against 5 made.
    s.burst(800);
    s.run(200, 5, 10);
    assertEquals(0, s.app.queue().size(), "the backlog is drained");
    assertEquals(1.0, s.policy.rate(), "the rate was held while the backlog drained");
  }

  @Test
  void aBurstOfLogsDoesNotLowerTheRate() {
    Simulation s = new Simulation();
    s.run(20, 20, 40);
    // One millisecond of 300 logs (a pause of the validator, a burst of requests), then the usual.
    s.burst(300);
    for (int m = 0; m < 30; m++) {
      s.run(1, 20, 40);
      assertEquals(1.0, s.policy.rate(), "rate " + m + " ms after the burst");
    }
    assertEquals(0, s.app.queue().size());
  }

  @Test
  void validatorsThatFallBehindLowerTheRateUntilTheyKeepUp() {
    Simulation s = new Simulation();
    // 40 executions a millisecond, all logged at first; the validator takes 10: it keeps up at
    // a quarter.
    s.run(100, 40, 10);
    double rate = s.policy.rate();
    assertTrue(rate <= 0.4, "rate " + rate);
    // At the lowered rate the validator keeps up: the queue returns under the target.
    s.run(100, 40, 10);
    assertTrue(s.app.queue().size() <= TARGET, "queued " + s.app.queue().size());
  }
}
