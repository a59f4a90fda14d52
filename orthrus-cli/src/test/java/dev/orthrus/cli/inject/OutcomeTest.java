package dev.orthrus.cli.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class OutcomeTest {

  @Test
  void aDetectionWinsOverACrashAndOverAnUnchangedOutput() {
    assertEquals(Outcome.DETECTED, Outcome.of(true, false, false));
    assertEquals(Outcome.DETECTED, Outcome.of(true, true, false));
    assertEquals(Outcome.DETECTED, Outcome.of(true, true, true));
  }

  @Test
  void withoutADetectionACrashOrHangIsAFailStopBeforeTheOutputIsLookedAt() {
    assertEquals(Outcome.FAIL_STOP, Outcome.of(false, false, false));
  }

  @Test
  void aCompletedUndetectedRunIsNotDetectedWhenItsOutputChangedElseMasked() {
    assertEquals(Outcome.NOT_DETECTED, Outcome.of(false, true, true));
    assertEquals(Outcome.MASKED, Outcome.of(false, true, false));
  }
}
