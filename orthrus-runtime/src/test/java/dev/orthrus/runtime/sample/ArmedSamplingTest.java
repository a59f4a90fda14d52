package dev.orthrus.runtime.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.CallSite;
import dev.orthrus.runtime.api.ClosureBinding;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Decisions 0009 and 0012: an execution is logged when its call site is armed, one per arm. */
class ArmedSamplingTest {

  private final ClosureBinding plainClosure =
      ClosureBinding.of("t.A#plain()", "plain", (l, r) -> {});
  private final CallSite plain = plainClosure.site(1);
  private final CallSite fp =
      ClosureBinding.of("t.A#fp()", "fp", true, false, (l, r) -> {}).site(1);
  private final CallSite strict =
      ClosureBinding.of("t.A#strict()", "strict", false, true, (l, r) -> {}).site(1);

  private static int taken(CallSite b, int calls) {
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
    assertEquals(CallSite.ALWAYS, strict.due());
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
  void aRareCallerOfAHotClosureIsValidatedOnEveryExecutionWhileTheHotOneIsSampled() {
    CallSite hot = plainClosure.site(2);
    CallSite rare = plainClosure.site(3);
    taken(plain, 1); // not running in this test, holds no arm
    int hotRuns = 0;
    int hotLogs = 0;
    int rareRuns = 0;
    int rareLogs = 0;
    for (int period = 0; period < 1000; period++) {
      ArmedSampling.arm(List.of(plain, hot, rare), 2);
      hotLogs += taken(hot, 1000);
      hotRuns += 1000;
      if (period % 50 == 0) { // one execution in 50,000 of this closure comes from here
        rareLogs += taken(rare, 1);
        rareRuns++;
      }
    }
    assertEquals(rareRuns, rareLogs, "every execution of the rare pair is logged");
    assertTrue(
        hotLogs <= 2 * 1000 && hotLogs >= 1000,
        "the hot pair gets its share of the budget and no more: " + hotLogs);
    assertTrue(hotLogs / (double) hotRuns < 0.01, "the hot pair is sampled");
    // Per closure (one word for both callers) the rare caller would have been logged only when it
    // happened to take an arm before the hot caller: about never.
  }

  @Test
  void sitesAreOnePerCallerAndStartArmed() {
    assertSame(plainClosure.site(7), plainClosure.site(7));
    assertNotSame(plainClosure.site(7), plainClosure.site(8));
    assertEquals(1, plainClosure.site(9).due(), "the first execution of every pair is logged");
    assertTrue(ClosureBinding.allSites().contains(plainClosure.site(7)));
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

  /** The controller arms the sites of every binding, including one made after the policy. */
  @Test
  void thePolicyArmsEverySiteMadeSoFarOnce() {
    ArmedSampling p = new ArmedSampling();
    ClosureBinding late = ClosureBinding.of("t.A#late()", "late", (l, r) -> {});
    CallSite site = late.site(7);
    assertSame(site, late.site(7));
    assertEquals(1, ClosureBinding.allSites().stream().filter(s -> s == site).count());
    assertTrue(site.takeDue());
    assertEquals(0, site.due());
    p.arm(1000.0 * ClosureBinding.allSites().size());
    assertTrue(site.due() > 0, "armed");
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
