package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Where a validator was refused, as the not-validated line names it. */
class UninstrumentedAccessTest {

  private static UninstrumentedAccess thrownAt(StackTraceElement... frames) {
    UninstrumentedAccess e = new UninstrumentedAccess("a plain read", new Object());
    e.setStackTrace(frames);
    return e;
  }

  private static StackTraceElement frame(String type, String method, int line) {
    return new StackTraceElement(type, method, type + ".java", line);
  }

  /**
   * A user's {@code equals} that the JDK called reads a field through the load helper the rewriter
   * generated, whose frame carries the line of the class's declaration: the user's method is named.
   */
  @Test
  void theProgramsMethodIsNamedNotTheGeneratedHelperItCalled() {
    UninstrumentedAccess e =
        thrownAt(
            frame("dev.orthrus.runtime.api.ValidatorThread", "refuse", 55),
            frame("trial.Key", "lv$id", 7),
            frame("trial.Key", "equals", 17),
            frame("java.util.AbstractMap", "equals", 495));
    assertEquals("trial.Key.equals:17", e.where());
    assertTrue(e.reason().contains("in trial.Key.equals:17"), e.reason());
  }

  /** A lambda's body is the program's code, though its method's name holds a {@code $}. */
  @Test
  void aLambdaIsTheProgramsCode() {
    UninstrumentedAccess e =
        thrownAt(
            frame("dev.orthrus.runtime.api.ValidatorThread", "refuse", 55),
            frame("trial.Main", "lambda$main$0", 12),
            frame("java.util.ArrayList", "forEach", 1511));
    assertEquals("trial.Main.lambda$main$0:12", e.where());
  }
}
