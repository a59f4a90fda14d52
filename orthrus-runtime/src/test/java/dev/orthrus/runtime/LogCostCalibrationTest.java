package dev.orthrus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.AppThread;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.sample.SamplingPolicy;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;

/**
 * The controller keeps the overhead budget by what logs cost the application thread, not by what
 * the configured model says (decision 0040). The controller runs on a simulated clock, the
 * application thread logs exactly what was armed, and each measured log reports an injected cost
 * instead of a clock reading; only the thread's reads of its CPU id are timed on the real clock,
 * each charged at most a bound.
 */
class LogCostCalibrationTest {

  private static final ClosureBinding WORK =
      ClosureBinding.of(
          LogCostCalibrationTest.class.getName() + "#work()", "work", (log, r) -> r.returnVoid());

  /** Arguments per simulated log: the entries the model counts. */
  private static final int ARGS = 8;

  private static final double BUDGET = 0.04;

  /** The configured model: 300 ns per log and 20 per entry, 460 ns for these logs. */
  private static RuntimeConfig config() {
    return RuntimeConfig.builder()
        .overheadBudget(BUDGET)
        .logCostNanos(300, 20)
        .queueTarget(1 << 20)
        .memoryBudgetBytes(1L << 40)
        .err(null)
        .build();
  }

  /** An armed policy that records what the controller arms and keeps its rate factor. */
  private static final class RecordingPolicy implements SamplingPolicy {
    double factor = 1.0;
    double armed;

    @Override
    public boolean sample(ClosureBinding closure, int callerId) {
      return false;
    }

    @Override
    public void validated(ClosureBinding closure, int callerId) {}

    @Override
    public void lower() {
      adjust(0.5);
    }

    @Override
    public void raise() {
      adjust(2);
    }

    @Override
    public void adjust(double f) {
      factor = Math.min(1.0, factor * f);
    }

    @Override
    public boolean armed() {
      return true;
    }

    @Override
    public int arm(double logs) {
      armed += logs * factor;
      return (int) Math.ceil(logs * factor);
    }

    @Override
    public double rate() {
      return factor;
    }

    @Override
    public String name() {
      return "recording";
    }
  }

  /** One application thread logging what the controller arms, on a simulated clock. */
  private static final class Simulation {
    final RecordingPolicy policy = new RecordingPolicy();
    final ThreadRegistry registry;
    final SamplingController controller;
    final AppThread app;
    long now = 1_000_000_000L;
    double owed;

    // The thread's CPU is read from a stand-in: a real read costs real time the simulated clock
    // would charge.
    Simulation() {
      this(() -> 0);
    }

    Simulation(IntSupplier cpuId) {
      registry = new ThreadRegistry(1024, 1L << 40, cpuId);
      app = registry.current();
      controller = new SamplingController(config(), policy, registry, () -> true);
    }

    /** {@link #run(int, long, long, long)} without reads of the CPU id. */
    double run(int millis, long costNanos, long outlierNanos) {
      return run(millis, costNanos, outlierNanos, 0);
    }

    /**
     * Runs {@code millis} control periods: every arming period the thread logs what was armed, and
     * each measured log reports {@code costNanos} (plus {@code outlierNanos} for the first measured
     * log of the run); the first log of each millisecond reads the CPU id for {@code cpuReadNanos}.
     * Returns the logs armed per millisecond over the run.
     */
    double run(int millis, long costNanos, long outlierNanos, long cpuReadNanos) {
      double armedBefore = policy.armed;
      long extra = outlierNanos;
      for (long t = 0; t < millis * SamplingController.CONTROL_PERIOD_NANOS; ) {
        if (cpuReadNanos > 0 && t % SamplingController.CONTROL_PERIOD_NANOS == 0) {
          app.cpuReads(cpuReadNanos);
        }
        t += SamplingController.ARM_PERIOD_NANOS;
        now += SamplingController.ARM_PERIOD_NANOS;
        double before = policy.armed;
        controller.tick(null, now);
        owed += policy.armed - before;
        for (; owed >= 1; owed--) {
          boolean measured = app.measuresNextLog();
          log();
          if (measured) {
            app.measured(costNanos + extra, ARGS);
            extra = 0;
          }
        }
      }
      return (policy.armed - armedBefore) / millis;
    }

    /** A published log of {@link #ARGS} arguments, which a validator takes and hands back. */
    private void log() {
      ClosureLog log = app.takeLog();
      app.start(log, WORK, 0, false);
      for (int i = 0; i < ARGS; i++) {
        log.argBits(i);
      }
      log.returnVoid();
      app.publish(log);
      ClosureLog claimed = app.queue().poll();
      app.recycle(claimed);
    }
  }

  /**
   * Logs a thread may make per millisecond at the budget when each costs {@code nanos}. The
   * controller arms at most that many; its budget rule trims the rate factor when a period's
   * estimate lands over the budget and raises it again only under 80% of it (decision 0005), so the
   * armed rate settles somewhat below: the tests accept 70% to 110% of it.
   */
  private static double budgetRate(double nanos) {
    return BUDGET * SamplingController.CONTROL_PERIOD_NANOS / nanos;
  }

  @Test
  void aLogThreeTimesDearerThanTheModelIsArmedAtTheBudgetsRateForItsMeasuredCost() {
    Simulation s = new Simulation();
    s.run(50, 1_500, 0);
    double perMilli = s.run(100, 1_500, 0);
    // The configured model says 460 ns: it would arm about 87 logs a millisecond, over 3 times
    // what the budget allows.
    assertTrue(
        perMilli <= 1.1 * budgetRate(1_500),
        "armed " + perMilli + " logs/ms, the budget allows " + budgetRate(1_500));
    assertTrue(
        perMilli >= 0.7 * budgetRate(1_500),
        "armed " + perMilli + " logs/ms, the budget allows " + budgetRate(1_500));
    assertEquals(1_500 / 460.0, s.controller.calibration(), 0.05);
    assertTrue(
        s.controller.estimatedOverhead() <= 1.1 * BUDGET, "" + s.controller.estimatedOverhead());
  }

  @Test
  void logsCheaperThanTheModelAreStillCountedAtTheModelsCost() {
    Simulation s = new Simulation();
    s.run(50, 100, 0);
    double perMilli = s.run(100, 100, 0);
    assertEquals(1.0, s.controller.calibration());
    assertTrue(perMilli <= 1.1 * budgetRate(460), "armed " + perMilli + " logs/ms");
    assertTrue(perMilli >= 0.7 * budgetRate(460), "armed " + perMilli + " logs/ms");
  }

  @Test
  void oneLogThatIncludesAPreemptionDoesNotThrottleLogging() {
    Simulation s = new Simulation();
    s.run(50, 1_500, 0);
    // A measured log during which the thread was descheduled for 10 ms.
    double perMilli = s.run(20, 1_500, 10_000_000);
    assertEquals(1_500 / 460.0, s.controller.calibration(), 0.05);
    assertTrue(perMilli >= 0.7 * budgetRate(1_500), "armed " + perMilli + " logs/ms");
  }

  @Test
  void theSlowFirstLogsOfARunDoNotThrottleLogging() {
    Simulation s = new Simulation();
    // The first measured log took 5 ms (the JIT compiling the logged path).
    s.run(50, 100, 5_000_000);
    double perMilli = s.run(100, 100, 0);
    assertEquals(1.0, s.controller.calibration());
    assertTrue(perMilli >= 0.7 * budgetRate(460), "armed " + perMilli + " logs/ms");
  }

  @Test
  void aReadOfTheCpuIdThatWasDescheduledDoesNotThrottleLogging() {
    AtomicBoolean preempt = new AtomicBoolean();
    Simulation s =
        new Simulation(
            () -> {
              if (preempt.getAndSet(false)) {
                // The read that takes 30 ms: the thread lost its CPU between the clock reads.
                try {
                  Thread.sleep(30);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              }
              return 0;
            });
    s.run(50, 100, 0);
    preempt.set(true);
    s.app.refreshCpu();
    double perMilli = s.run(100, 100, 0);
    assertTrue(!preempt.get(), "the slow read was not made");
    assertTrue(perMilli >= 0.7 * budgetRate(460), "armed " + perMilli + " logs/ms");
  }

  @Test
  void readsOfTheCpuIdAreChargedToTheBudget() {
    Simulation s = new Simulation();
    // Logs cost what the model says; 10 us a millisecond for the CPU id leaves them 3% of the 4%.
    s.run(50, 460, 0, 10_000);
    double perMilli = s.run(100, 460, 0, 10_000);
    double allowed = (BUDGET * SamplingController.CONTROL_PERIOD_NANOS - 10_000) / 460;
    assertTrue(perMilli <= 1.1 * allowed, "armed " + perMilli + " logs/ms, allowed " + allowed);
    assertTrue(perMilli >= 0.7 * allowed, "armed " + perMilli + " logs/ms, allowed " + allowed);
  }

  @Test
  void aRuntimeMeasuresItsLogsFromBeginToPublication() {
    try (OrthrusRuntime rt = new OrthrusRuntime(config())) {
      // Every logged execution spins 50 us between begin and publish, 100 times the model's cost.
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (rt.logCostCalibration() < SamplingController.MAX_CALIBRATION
          && System.nanoTime() < deadline) {
        ClosureLog log = rt.begin(WORK, 0);
        if (log != null) {
          long end = System.nanoTime() + 50_000;
          while (System.nanoTime() < end) {
            Thread.onSpinWait();
          }
          log.returnVoid();
          rt.publish(log);
        }
      }
      assertEquals(SamplingController.MAX_CALIBRATION, rt.logCostCalibration());
    }
  }

  @Test
  void aLogFarDearerThanTheModelIsArmedAtTheBoundedCalibration() {
    Simulation s = new Simulation();
    s.run(50, 20_000, 0);
    double perMilli = s.run(100, 20_000, 0);
    assertEquals(SamplingController.MAX_CALIBRATION, s.controller.calibration());
    double bounded = budgetRate(SamplingController.MAX_CALIBRATION * 460);
    assertTrue(perMilli <= 1.1 * bounded, "armed " + perMilli + " logs/ms, bound " + bounded);
  }

  /**
   * A thread's first log is not measured: it makes the thread's first log object and runs the
   * logged path cold, a cost of the thread's start rather than of its logs. Measuring it set the
   * cost model of a program of short-lived threads (a few logs each) by their first logs alone.
   */
  @Test
  void aThreadsFirstLogIsNotMeasuredItsNinthIs() {
    Simulation s = new Simulation();
    assertFalse(s.app.measuresNextLog());
    for (int i = 1; i < AppThread.TIMED_EVERY; i++) {
      s.log();
      assertFalse(s.app.measuresNextLog(), "after " + i + " logs");
    }
    s.log();
    assertTrue(s.app.measuresNextLog());
  }

  @Test
  void theCalibrationFollowsACostThatChanges() {
    Simulation s = new Simulation();
    s.run(50, 1_500, 0);
    assertEquals(1_500 / 460.0, s.controller.calibration(), 0.05);
    s.run(100, 1_000, 0);
    assertEquals(1_000 / 460.0, s.controller.calibration(), 0.05);
  }
}
