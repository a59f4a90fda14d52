package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * The message of the exception APP threw is kept as it read then: a caller may add context to an
 * exception it caught before a validator compares it with VAL's.
 */
class ThrownMessageTest {

  /** An exception whose message is its context, none at first. */
  static final class Rejected extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private String context;

    @Override
    public String getMessage() {
      return context;
    }
  }

  private static ClosureLog emptyLog() {
    return new ClosureLog(new AppThread(Thread.currentThread(), -1, 2), -1);
  }

  @Test
  void aMessageTheCallerAddsAfterTheThrowIsNotTheThrownOne() {
    ClosureLog log = emptyLog();
    Rejected e = new Rejected();
    e.context = "need 3";
    log.threw(e);
    e.context = "need 3 at request 7";
    assertEquals("need 3", log.thrownMessage());
  }

  @Test
  void aMessageThatWasNullWhenThrownStaysNull() {
    ClosureLog log = emptyLog();
    Rejected e = new Rejected();
    log.threw(e);
    e.context = "at request 7";
    assertNull(log.thrownMessage());
  }
}
