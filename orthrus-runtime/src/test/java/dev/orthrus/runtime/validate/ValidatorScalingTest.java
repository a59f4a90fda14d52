package dev.orthrus.runtime.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.sample.AdaptiveSampling;
import dev.orthrus.runtime.sample.FixedSampling;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * Work stealing between validators, and the controller adding a validator when validation falls
 * behind, with the core count faked so both run on a 2-core machine.
 */
class ValidatorScalingTest {

  /** A closure whose VAL variant takes about {@code micros}: validation that cannot keep up. */
  private static ClosureBinding slowClosure(String name, long micros) {
    return ClosureBinding.of(
        ValidatorScalingTest.class.getName() + "#" + name + "()",
        name,
        (log, r) -> {
          LockSupport.parkNanos(micros * 1_000);
          r.returnVoid();
        });
  }

  private static void runOnce(OrthrusRuntime rt, ClosureBinding closure) {
    ClosureLog log = rt.begin(closure, 0);
    if (log != null) {
      log.returnVoid();
      rt.publish(log);
    }
  }

  @Test
  void anIdleValidatorStealsFromABusyQueue() {
    ClosureBinding slow = slowClosure("stolen", 500);
    try (OrthrusRuntime rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                .sampling(() -> new FixedSampling(1.0))
                .validators(2)
                .err(null)
                .build())) {
      // One application thread: its queue is validator 0's home; validator 1 has no home queue.
      for (int i = 0; i < 64; i++) {
        runOnce(rt, slow);
      }
      assertEquals(64, rt.publishedCount());
      assertTrue(rt.awaitDrained(20_000), "not drained");
      Validator thief = rt.validators().validators().get(1);
      assertTrue(thief.stolenCount() > 0, "validator 1 never stole");
      assertEquals(thief.stolenCount(), thief.validatedCount());
      long total = 0;
      for (Validator v : rt.validators().validators()) {
        total += v.validatedCount();
      }
      assertEquals(64, total);
      assertEquals(0, rt.detections().count());
    }
  }

  @Test
  void aValidatorIsAddedWhenValidationFallsBehindAndACoreIsSpare() {
    ClosureBinding slow = slowClosure("behind", 300);
    try (OrthrusRuntime rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                .sampling(() -> new FixedSampling(1.0))
                .cpus(() -> 8)
                .validators(1)
                .queueTarget(4)
                .err(null)
                .build())) {
      assertEquals(7, rt.validators().maxValidators());
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (rt.validators().size() < 2 && System.nanoTime() < deadline) {
        for (int i = 0; i < 32; i++) {
          runOnce(rt, slow);
        }
        LockSupport.parkNanos(1_000_000);
      }
      assertTrue(rt.validators().size() >= 2, "no validator added");
      assertTrue(rt.awaitDrained(20_000));
      assertEquals(0, rt.detections().count());
    }
  }

  @Test
  void withoutASpareCoreTheRateIsLoweredInstead() {
    ClosureBinding slow = slowClosure("lowered", 300);
    try (OrthrusRuntime rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                .sampling(AdaptiveSampling::new)
                .cpus(() -> 2)
                .validators(1)
                .queueTarget(4)
                .err(null)
                .build())) {
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (rt.sampling().rate() >= 1.0 && System.nanoTime() < deadline) {
        for (int i = 0; i < 32; i++) {
          runOnce(rt, slow);
        }
        LockSupport.parkNanos(1_000_000);
      }
      assertTrue(rt.sampling().rate() < 1.0, "rate never lowered");
      assertEquals(1, rt.validators().size(), "added a validator without a spare core");
    }
  }
}
