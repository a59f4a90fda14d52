package dev.orthrus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.sample.AdaptiveSampling;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** The sampling controller: no raise without evidence, raise with headroom, the cost budget. */
class SamplingControllerTest {

  private static final ClosureBinding CHEAP =
      ClosureBinding.of(
          SamplingControllerTest.class.getName() + "#cheap()", "cheap", (log, r) -> r.returnVoid());

  private static void call(OrthrusRuntime rt, int times) {
    for (int i = 0; i < times; i++) {
      ClosureLog log = rt.begin(CHEAP, 0);
      if (log != null) {
        log.returnVoid();
        rt.publish(log);
      }
    }
  }

  @Test
  void theControlPeriodStretchesWithTheThreadsALookWalks() {
    long ms = SamplingController.CONTROL_PERIOD_NANOS;
    assertEquals(ms, SamplingController.controlPeriodNanos(0));
    assertEquals(ms, SamplingController.controlPeriodNanos(SamplingController.THREADS_PER_PERIOD));
    assertEquals(
        2 * ms, SamplingController.controlPeriodNanos(SamplingController.THREADS_PER_PERIOD + 1));
    // 10,000 virtual threads: a look every 313 ms; at most every half second.
    assertEquals(313 * ms, SamplingController.controlPeriodNanos(10_000));
    assertEquals(500 * ms, SamplingController.controlPeriodNanos(100_000));
  }

  @Test
  void anIdleApplicationDoesNotRaiseTheRateButAnActiveOneWithHeadroomDoes() {
    try (OrthrusRuntime rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                .sampling(AdaptiveSampling::new)
                .overheadBudget(1.0)
                .err(null)
                .build())) {
      call(rt, 10);
      assertTrue(rt.awaitDrained(10_000));
      // Let the controller take its look at those calls before the rate is set.
      LockSupport.parkNanos(20_000_000);
      rt.sampling().adjust(1.0 / 16);
      double lowered = rt.sampling().rate();
      // Validators tick the controller while idle; with nothing published it must not move.
      LockSupport.parkNanos(30_000_000);
      assertEquals(lowered, rt.sampling().rate());
      // Calls at a gentle pace: queue empty, overhead far under the budget, so the rate rises.
      long deadline = System.nanoTime() + 5_000_000_000L;
      while (rt.sampling().rate() <= lowered && System.nanoTime() < deadline) {
        call(rt, 50);
        LockSupport.parkNanos(200_000);
      }
      assertTrue(rt.sampling().rate() > lowered, "rate stayed at " + rt.sampling().rate());
    }
  }

  @Test
  void theOverheadBudgetLowersTheRateOfABusyThread() {
    // A cost model that makes every log look expensive: 100 us.
    try (OrthrusRuntime rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                .sampling(AdaptiveSampling::new)
                .logCostNanos(100_000, 0)
                .overheadBudget(0.05)
                .queueTarget(1 << 16)
                .logsPerThread(1 << 16)
                .err(null)
                .build())) {
      long deadline = System.nanoTime() + 5_000_000_000L;
      while (rt.sampling().rate() > 0.1 && System.nanoTime() < deadline) {
        call(rt, 200);
      }
      assertTrue(rt.sampling().rate() <= 0.1, "rate " + rt.sampling().rate());
      assertTrue(rt.estimatedOverhead() > 0.05, "estimate " + rt.estimatedOverhead());
    }
  }

  @Test
  void byDefaultTheControllerArmsClosuresAtTheRateTheBudgetAllows() {
    // 10 us per log and a 5% budget: one thread may log about 5 executions per millisecond.
    try (OrthrusRuntime rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                .logCostNanos(10_000, 0)
                .overheadBudget(0.05)
                .err(null)
                .build())) {
      assertEquals("armed", rt.sampling().name());
      // Runs until the controller armed a few hundred logs (about 60 ms at the budget's rate on
      // an idle machine), or 10 s on a loaded one: the rate must never exceed what the budget
      // allows, and arming must not stall.
      long start = System.nanoTime();
      long calls = 0;
      while (rt.publishedCount() < 300 && System.nanoTime() - start < 10_000_000_000L) {
        call(rt, 1000);
        calls += 1000;
      }
      double millis = (System.nanoTime() - start) / 1e6;
      long published = rt.publishedCount();
      String seen = "published " + published + " of " + calls + " in " + millis + " ms";
      assertTrue(published >= 300, seen);
      assertTrue(published <= 2 + 10 * millis, seen);
      assertTrue(published < calls / 100, seen);
    }
  }
}
