package dev.orthrus.runtime.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.ClosureBinding;
import dev.orthrus.runtime.log.AppThread;
import org.junit.jupiter.api.Test;

class SamplingPolicyTest {

  private final AppThread thread = new AppThread(Thread.currentThread(), 0, 4);
  private final ClosureBinding plain = ClosureBinding.of("t.S#plain()", "plain", (l, r) -> {});
  private final ClosureBinding fp =
      ClosureBinding.of("t.S#fp()", "fp", true, false, (l, r) -> {});

  private int sampled(SamplingPolicy p, ClosureBinding b, int caller, int calls) {
    int n = 0;
    for (int i = 0; i < calls; i++) {
      if (p.sample(b, caller, thread)) {
        n++;
      }
    }
    return n;
  }

  @Test
  void adaptiveStartsAtFullAndMovesInSteps() {
    AdaptiveSampling p = new AdaptiveSampling();
    assertEquals(1.0, p.rate());
    assertEquals(1000, sampled(p, plain, 1, 1000));
    p.lower();
    assertEquals(0.5, p.rate());
    p.lower();
    assertEquals(0.25, p.rate());
    p.raise();
    assertEquals(0.5, p.rate());
    for (int i = 0; i < 40; i++) {
      p.lower();
    }
    assertTrue(p.rate() > 0, "never drops to zero");
    for (int i = 0; i < 40; i++) {
      p.raise();
    }
    assertEquals(1.0, p.rate());
  }

  @Test
  void floatingPointClosuresArePreferred() {
    AdaptiveSampling p = new AdaptiveSampling(0.125, Long.MAX_VALUE);
    int plainCount = sampled(p, plain, 1, 100_000);
    int fpCount = sampled(p, fp, 1, 100_000);
    // About 12.5% versus 25%.
    assertTrue(plainCount > 10_000 && plainCount < 15_000, "plain " + plainCount);
    assertTrue(fpCount > 22_000 && fpCount < 28_000, "fp " + fpCount);
  }

  @Test
  void pairsNotValidatedRecentlyArePreferred() {
    AdaptiveSampling p = new AdaptiveSampling(1.0 / 1024, 100);
    // Let 1000 validations of a busy pair happen; a rarely called pair is then stale.
    for (int i = 0; i < 1000; i++) {
      p.validated(plain, 1);
    }
    assertTrue(p.sample(plain, 99, thread), "stale pair must be sampled");
    // Marked at once: the next call is back to the base rate.
    int again = sampled(p, plain, 99, 100);
    assertTrue(again < 5, "sampled " + again);
  }

  @Test
  void randomUsesTheSameBudgetWithoutPreferences() {
    RandomSampling p = new RandomSampling(0.125);
    int plainCount = sampled(p, plain, 1, 100_000);
    int fpCount = sampled(p, fp, 1, 100_000);
    assertTrue(Math.abs(plainCount - fpCount) < 2_000, plainCount + " vs " + fpCount);
  }

  @Test
  void fixedIgnoresTheController() {
    FixedSampling p = new FixedSampling(1.0);
    p.lower();
    assertEquals(1.0, p.rate());
    assertThrows(IllegalArgumentException.class, () -> new FixedSampling(1.5));
  }
}
