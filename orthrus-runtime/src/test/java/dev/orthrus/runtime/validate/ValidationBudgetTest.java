package dev.orthrus.runtime.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.sample.FixedSampling;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * The emulated validation budget: validators keep to R times the application threads' CPU time,
 * with a workload whose validation would take several times more. Every execution is logged (a
 * fixed rate), so that logs are always waiting and the budget, not the controller's rate, is what
 * limits validation.
 */
class ValidationBudgetTest {

  private static final ThreadMXBean CLOCKS = ManagementFactory.getThreadMXBean();

  /** Burns about {@code nanos} of the calling thread's CPU. */
  private static void burn(long nanos) {
    long end = CLOCKS.getCurrentThreadCpuTime() + nanos;
    long x = 1;
    while (CLOCKS.getCurrentThreadCpuTime() < end) {
      for (int i = 0; i < 1000; i++) {
        x = x * 6364136223846793005L + 1442695040888963407L;
      }
    }
    if (x == 42) {
      throw new AssertionError("unlikely");
    }
  }

  /** VAL takes 200 us of CPU per execution; APP, with its caller's work, about 50. */
  private static final ClosureBinding COSTLY =
      ClosureBinding.of(
          ValidationBudgetTest.class.getName() + "#costly()",
          "costly",
          (log, r) -> {
            burn(200_000);
            r.returnVoid();
          });

  @Test
  void validatorsKeepToTheirShareOfTheApplicationsCpuTime() throws Exception {
    double ratio = 0.5;
    try (OrthrusRuntime rt =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                .sampling(() -> new FixedSampling(1.0))
                // One validator: each may pass the budget by the batch it started under it.
                .maxValidators(1)
                .validationBudget(ratio)
                .err(null)
                .build())) {
      ValidationBudget budget = rt.validators().budget();
      assertNotNull(budget);
      Thread app =
          new Thread(
              () -> {
                long end = CLOCKS.getCurrentThreadCpuTime() + 400_000_000L;
                while (CLOCKS.getCurrentThreadCpuTime() < end) {
                  ClosureLog log = rt.begin(COSTLY, 0);
                  if (log != null) {
                    log.returnVoid();
                    rt.publish(log);
                  }
                  burn(50_000);
                }
              },
              "budgeted-app");
      app.start();
      app.join();
      // After the application stopped, validators may still catch up to their share of it (a
      // full ring holds about 200 ms of validation).
      long deadline = System.nanoTime() + 20_000_000_000L;
      budget.refresh();
      while (budget.validatingNanos() < 0.9 * ratio * budget.applicationNanos()
          && System.nanoTime() < deadline) {
        LockSupport.parkNanos(10_000_000);
      }
      budget.refresh();
      double used = (double) budget.validatingNanos() / budget.applicationNanos();

      assertTrue(budget.applicationNanos() >= 350_000_000L, budget.toString());
      assertTrue(used <= ratio * 1.05 + 0.01, "over the budget: " + budget);
      assertTrue(used >= ratio * 0.8, "far under the budget: " + budget);
      assertTrue(
          rt.publishedCount() + rt.skippedCount() > rt.validatedCount(),
          "the budget, not the workload, limited validation");
      assertEquals(0, rt.detections().count());
    }
  }

  @Test
  void noBudgetByDefaultAndABadRatioIsRefused() {
    try (OrthrusRuntime rt = new OrthrusRuntime(RuntimeConfig.builder().err(null).build())) {
      assertNull(rt.validators().budget());
    }
    for (double bad : new double[] {0, -0.5, Double.NaN, Double.POSITIVE_INFINITY}) {
      assertThrows(
          IllegalArgumentException.class,
          () -> RuntimeConfig.builder().validationBudget(bad),
          Double.toString(bad));
    }
  }
}
