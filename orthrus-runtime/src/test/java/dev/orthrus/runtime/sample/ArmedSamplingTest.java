package dev.orthrus.runtime.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.ClosureBinding;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Decision 0009: executions are logged when their closure is armed, one per arm. */
class ArmedSamplingTest {

  private final ClosureBinding plain =
      ClosureBinding.of("t.A#plain()", "plain", (l, r) -> {});
  private final ClosureBinding fp =
      ClosureBinding.of("t.A#fp()", "fp", true, false, (l, r) -> {});
  private final ClosureBinding strict =
      ClosureBinding.of("t.A#strict()", "strict", false, true, (l, r) -> {});

  private static int taken(ClosureBinding b, int calls) {
    int n = 0;
    for (int i = 0; i < calls; i++) {
      if (b.takeDue()) {
        n++;
      }
    }
    return n;
  }

  @Test
  void aNewClosureIsArmedOnceAndThenLogsOnlyWhatTheControllerArms() {
    assertEquals(1, taken(plain, 1000), "the first execution is logged, then none");
    assertEquals(0, plain.due());
    assertEquals(5, plain.arm(5, 5));
    assertEquals(5, taken(plain, 1000));
    assertEquals(0, taken(plain, 1000));
  }

  @Test
  void fractionsCarryOverAndTheCapStopsHoarding() {
    taken(plain, 1);
    int armed = 0;
    for (int i = 0; i < 10; i++) {
      armed += plain.arm(0.25, 1);
      armed -= taken(plain, 1);
    }
    assertEquals(0, armed);
    // A closure that does not run keeps at most its cap armed, however long it is owed.
    for (int i = 0; i < 100; i++) {
      plain.arm(10, 10);
    }
    assertEquals(10, plain.due());
  }

  @Test
  void strictClosuresAreAlwaysDueAndNeverArmed() {
    assertEquals(ClosureBinding.ALWAYS, strict.due());
    assertEquals(1000, taken(strict, 1000));
    assertEquals(0, strict.arm(100, 100));
  }

  @Test
  void floatingPointClosuresGetTwiceTheShare() {
    taken(plain, 1);
    taken(fp, 1);
    int plainLogs = 0;
    int fpLogs = 0;
    for (int period = 0; period < 1000; period++) {
      ArmedSampling.arm(List.of(plain, fp), 3);
      plainLogs += taken(plain, 100);
      fpLogs += taken(fp, 100);
    }
    assertEquals(1000, plainLogs);
    assertEquals(2000, fpLogs);
  }

  @Test
  void closuresStillArmedDoNotTakeTheShareOfRunningOnes() {
    taken(plain, 1);
    assertEquals(1, fp.due()); // armed and not running
    for (int period = 0; period < 100; period++) {
      ArmedSampling.arm(List.of(plain, fp), 4);
      assertEquals(4, taken(plain, 100));
    }
    assertEquals(1, fp.due());
  }

  @Test
  void concurrentExecutionsTakeEachArmOnce() throws Exception {
    taken(plain, 1);
    plain.arm(10_000, 10_000);
    AtomicInteger total = new AtomicInteger();
    Thread[] threads = new Thread[4];
    for (int i = 0; i < threads.length; i++) {
      threads[i] = new Thread(() -> total.addAndGet(taken(plain, 100_000)));
      threads[i].start();
    }
    for (Thread t : threads) {
      t.join(10_000);
      assertFalse(t.isAlive());
    }
    assertEquals(10_000, total.get());
  }

  @Test
  void thePolicyIsArmedAndScalesTheBudgetByItsRate() {
    ArmedSampling p = new ArmedSampling();
    assertTrue(p.armed());
    assertEquals(1.0, p.rate());
    p.adjust(0.5);
    assertEquals(0.5, p.rate());
    assertFalse(new AdaptiveSampling().armed());
  }
}
