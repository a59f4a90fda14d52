package dev.orthrus.runtime.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.ClosureBinding;
import org.junit.jupiter.api.Test;

class SamplingPolicyTest {

  private final ClosureBinding plain = ClosureBinding.of("t.S#plain()", "plain", (l, r) -> {});
  private final ClosureBinding fp = ClosureBinding.of("t.S#fp()", "fp", true, false, (l, r) -> {});

  private int sampled(SamplingPolicy p, ClosureBinding b, int caller, int calls) {
    int n = 0;
    for (int i = 0; i < calls; i++) {
      if (p.sample(b, caller)) {
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
    // Staleness is looked up on one unsampled call in 8: the stale pair is taken within a few
    // dozen calls (expected 8), far sooner than the base rate of 1/1024 would.
    int calls = 0;
    boolean taken = false;
    while (!taken && calls < 2_000) {
      taken = p.sample(plain, 99);
      calls++;
    }
    assertTrue(taken, "stale pair never sampled");
    // Marked at once: the next call is back to the base rate.
    int again = sampled(p, plain, 99, 100);
    assertTrue(again < 5, "sampled " + again);
  }

  @Test
  void byDefaultAPairIsStaleAfterSixteenRoundsOfThePairsValidated() {
    AdaptiveSampling p = new AdaptiveSampling(1.0 / 1024, 0);
    assertEquals(AdaptiveSampling.MIN_STALE_AFTER, p.staleAfter());
    for (int caller = 1; caller <= 20; caller++) {
      p.validated(plain, caller);
    }
    assertEquals(20 * AdaptiveSampling.STALE_ROUNDS, p.staleAfter());
    // Pair 20 was validated last; 256 more validations of pair 1 leave it recent (320 needed).
    for (int i = 0; i < 256; i++) {
      p.validated(plain, 1);
    }
    assertTrue(sampled(p, plain, 20, 100) < 5, "a recent pair is sampled at the base rate");
    for (int i = 0; i < 256; i++) {
      p.validated(plain, 1);
    }
    assertTrue(sampled(p, plain, 20, 100) >= 1, "a stale pair is sampled within 100 calls");
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

  @Test
  void adjustScalesTheRateWithinItsBounds() {
    RandomSampling p = new RandomSampling(1.0);
    p.adjust(0.5);
    assertEquals(0.5, p.rate(), 1e-4);
    p.adjust(0.75);
    assertEquals(0.375, p.rate(), 1e-3);
    for (int i = 0; i < 100; i++) {
      p.adjust(0.5);
    }
    assertEquals(1.0 / 1024, p.rate(), 1e-6);
    for (int i = 0; i < 200; i++) {
      p.adjust(1.25);
    }
    assertEquals(1.0, p.rate());
    assertThrows(IllegalArgumentException.class, () -> p.adjust(0));
    assertThrows(IllegalArgumentException.class, () -> p.adjust(Double.NaN));
  }

  @Test
  void lowRatesAreAccurate() {
    RandomSampling p = new RandomSampling(1.0 / 64);
    int n = sampled(p, plain, 1, 640_000);
    // Expected 10,000; a binomial standard deviation is about 100.
    assertTrue(n > 9_400 && n < 10_600, "sampled " + n);
  }
}
