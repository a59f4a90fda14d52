package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/**
 * What APP does with an implementation the rewriter did not see (decision 0100): an answer that is
 * a value, given values, is recorded for VAL; any other leaves the execution not validated, naming
 * the method. And which objects intercept every method, so that a closure's call must not go to
 * their variants.
 */
class OutOfSightTest {

  private static final String METHOD = "shop.Hooks#tiers(long)";

  record Pt(long x, String label) {}

  record Holder(long[] values) {}

  enum Level {
    LOW
  }

  private static ClosureLog emptyLog() {
    return new ClosureLog(new AppThread(Thread.currentThread(), -1, 2), -1);
  }

  @Test
  void valuesAreRecordedForTheValidator() {
    for (Object answer : new Object[] {42L, "text", Level.LOW, new Pt(1, "a"), null}) {
      ClosureLog log = emptyLog();
      log.beforeRecorded(this);
      assertSame(answer, log.answerOutOfSight(answer, METHOD, "arg", 7, Level.LOW));
      assertNull(log.outOfSight(), () -> String.valueOf(answer));
      assertEquals(1, log.nondetRefCount());
      assertFalse(log.recordedCallThrew(), "the mark is dropped");
    }
  }

  @Test
  void objectsThatCanChangeLeaveTheExecutionNotValidated() {
    Object[][] cases = {
      {new long[] {1}, new Object[0]},
      {new StringBuilder("x"), new Object[0]},
      {new Holder(new long[] {1}), new Object[0]},
      {5L, new Object[] {new StringBuilder()}},
      {5L, new Object[] {(Object) new long[] {1}}},
      {5L, new Object[] {"a", new java.util.ArrayList<String>()}},
    };
    for (Object[] c : cases) {
      ClosureLog log = emptyLog();
      log.beforeRecorded(this);
      log.answerOutOfSight(c[0], METHOD, (Object[]) c[1]);
      assertEquals(METHOD, log.outOfSight(), () -> c[0] + " given " + c[1]);
    }
  }

  @Test
  void aVoidImplementationGivenAnObjectLeavesItNotValidated() {
    ClosureLog given = emptyLog();
    given.beforeRecorded(this);
    given.effectOutOfSight(METHOD, new StringBuilder(), 3L);
    assertEquals(METHOD, given.outOfSight());
    assertFalse(given.recordedCallThrew());
    given.clear();
    assertNull(given.outOfSight(), "a reused log starts afresh");

    ClosureLog values = emptyLog();
    values.beforeRecorded(this);
    values.effectOutOfSight(METHOD, "label", 3L);
    assertNull(values.outOfSight());
  }

  @Test
  void theFirstMethodIsTheOneNamed() {
    ClosureLog log = emptyLog();
    log.beforeRecorded(this);
    log.answerOutOfSight(new long[0], METHOD);
    log.beforeRecorded(this);
    log.answerOutOfSight(new long[0], "shop.Hooks#other()");
    assertEquals(METHOD, log.outOfSight());
  }

  @Test
  void anExecutionKnowsTheImplementationsItMadeLast() {
    ClosureLog log = emptyLog();
    LongSupplier first = () -> 1L;
    LongSupplier other = () -> 2L;
    assertSame(first, log.madeImplementation(first));
    assertTrue(log.ownImplementation(first));
    assertFalse(log.ownImplementation(other));
    for (int i = 0; i < MadeImplementations.REMEMBERED - 1; i++) {
      log.madeImplementation(new Object());
    }
    assertTrue(log.ownImplementation(first), "the oldest of the last ones");
    log.madeImplementation(other);
    assertFalse(log.ownImplementation(first), "forgotten, by APP and VAL alike");
    assertTrue(log.ownImplementation(other));
    log.clear();
    assertFalse(log.ownImplementation(other), "a reused log starts afresh");
  }

  @Test
  void proxiesInterceptEveryMethodAndOrdinaryObjectsDoNot() {
    LongSupplier proxy =
        (LongSupplier)
            Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {LongSupplier.class},
                (p, method, args) -> 1L);
    assertTrue(Overrides.intercepted(proxy));
    assertFalse(Overrides.intercepted(new StringBuilder()));
    assertFalse(Overrides.intercepted((LongSupplier) () -> 2L));
    assertFalse(Overrides.intercepted(this));
    assertFalse(Overrides.intercepted(null));
  }
}
