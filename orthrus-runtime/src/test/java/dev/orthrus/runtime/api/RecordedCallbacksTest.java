package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * What a recorded call logs by running the closure's code back (a comparator that loads user data,
 * inside a priority queue's {@code poll}) is dropped when its result is recorded: VAL takes the
 * result from the log and never runs that code. What the closure logged before the call, and the
 * entries of its arguments, stay.
 */
class RecordedCallbacksTest {

  /** A user-data object whose versions the tests load. */
  static final class Cell extends VersionedObject<Cell.V> {
    private static final long serialVersionUID = 1L;

    Cell(long n) {
      soVersion(new V(this, n));
    }

    static final class V extends Version {
      private static final long serialVersionUID = 1L;
      final long n;

      V(Cell owner, long n) {
        super(owner);
        this.n = n;
        seal();
      }

      @Override
      public void fields(FieldSink sink) {
        sink.bits(n);
      }
    }
  }

  private static ClosureLog emptyLog() {
    return new ClosureLog(new AppThread(Thread.currentThread(), -1, 2), -1);
  }

  @Test
  void theCallbacksOfARecordedCallAreDroppedAndWhatCameBeforeIsKept() {
    ClosureLog log = emptyLog();
    Cell a = new Cell(1);
    Cell b = new Cell(2);
    Cell.V before = log.load(a); // the closure's own load, before the call
    Object argument = log.nondetRef("arg"); // an argument's recorded value, evaluated first
    log.beforeRecorded(argument);
    log.load(b); // the comparator, run back by the call
    log.load(a);
    log.nondetBits(7); // a recorded call inside the callback
    assertEquals(42L, log.recordedBits(42));
    assertEquals(1, log.loadCount());
    assertSame(before, log.loaded(0));
    assertEquals(1, log.nondetBitsCount(), "only the call's own result");
    assertEquals(42L, log.nondetBitsAt(0));
    assertEquals(1, log.nondetRefCount());
  }

  @Test
  void nestedRecordedCallsDropTheirOwnCallbacks() {
    ClosureLog log = emptyLog();
    Cell a = new Cell(1);
    log.beforeRecorded(a); // outer call's receiver
    log.load(a); // outer callback
    log.beforeRecorded(3); // a recorded call inside the outer callback
    log.load(a); // its own callback
    assertEquals("inner", log.recordedRef("inner"));
    assertEquals(1, log.loadCount(), "the outer callback's load is dropped by the outer call");
    assertEquals(1, log.nondetRefCount());
    assertEquals("outer", log.recordedRef("outer"));
    assertEquals(0, log.loadCount());
    assertEquals(1, log.nondetRefCount(), "the inner call was part of the outer one");
    assertEquals("outer", log.nondetRefAt(0));
  }

  @Test
  void aResultTheClosureDoesNotUseIsNotRecordedButItsCallbacksAreDropped() {
    ClosureLog log = emptyLog();
    Cell a = new Cell(1);
    log.beforeRecorded(a);
    log.load(a);
    assertEquals(true, log.afterRecorded(true));
    log.beforeRecorded(a);
    log.load(a);
    log.afterRecorded(); // after a void call
    assertEquals(0, log.loadCount());
    assertEquals(0, log.nondetBitsCount());
    assertFalse(log.recordedCallThrew(), "every marked call returned");
  }

  /**
   * A recorded call that throws never reaches the call that drops its mark: the mark stays, even
   * under later calls that return, and says the execution cannot be validated.
   */
  @Test
  void aRecordedCallThatThrowsLeavesItsMark() {
    ClosureLog log = emptyLog();
    Cell a = new Cell(1);
    log.beforeRecorded(a);
    log.load(a); // the callback, then the call throws: no recordedRef
    log.beforeRecorded(a); // a later call that returns
    assertEquals("later", log.recordedRef("later"));
    assertTrue(log.recordedCallThrew());
  }
}
