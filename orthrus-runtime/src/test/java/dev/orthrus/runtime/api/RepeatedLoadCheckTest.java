package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.orthrus.runtime.api.ChecksumTest.Mutable;
import org.junit.jupiter.api.Test;

/**
 * The control-path check of a closure's user-data argument ({@link ControlPath#load(ClosureLog,
 * VersionedObject)}) is left out, in APP and VAL alike, when the execution read that very version a
 * few loads earlier: a closure that another closure's APP variant calls gets the data its caller
 * just loaded, not data from the control path. Every test corrupts the version before the check, so
 * a check that ran throws.
 */
class RepeatedLoadCheckTest {

  private static ClosureLog freshLog() {
    return new AppThread(Thread.currentThread(), -1, 2).takeLog();
  }

  private static Mutable mutable() {
    return new Mutable(1, 2, new byte[] {3, 4});
  }

  private static void corrupt(Mutable m) {
    m.lvVersion().c[0] ^= 0x10;
  }

  /** Replays {@code log}'s loads of {@code m} up to the last, then the last as the check. */
  private static void replayLastAsCheck(ClosureLog log, Mutable m) {
    Replay replay = new Replay();
    replay.reset(log);
    for (int i = 0; i < log.loadCount() - 1; i++) {
      replay.load(m);
    }
    ControlPath.load(replay, m);
  }

  @Test
  void theFirstLoadOfAnArgumentIsChecked() {
    Mutable m = mutable();
    corrupt(m);
    ClosureLog log = freshLog();
    assertThrows(ChecksumMismatchException.class, () -> ControlPath.load(log, m));
    assertThrows(ChecksumMismatchException.class, () -> replayLastAsCheck(log, m));
  }

  @Test
  void aVersionTheExecutionReadJustBeforeIsNotCheckedAgain() {
    Mutable m = mutable();
    ClosureLog log = freshLog();
    Mutable.V read = log.load(m); // the calling closure's ordinary load
    corrupt(m);
    assertSame(read, assertDoesNotThrow(() -> ControlPath.load(log, m)));
    assertDoesNotThrow(() -> replayLastAsCheck(log, m));
  }

  @Test
  void aNewerVersionThanTheOneReadBeforeIsChecked() {
    Mutable m = mutable();
    ClosureLog log = freshLog();
    log.load(m);
    m.soVersion(new Mutable.V(m, 5, 6, new byte[] {7})); // another thread stored since
    corrupt(m);
    assertThrows(ChecksumMismatchException.class, () -> ControlPath.load(log, m));
    assertThrows(ChecksumMismatchException.class, () -> replayLastAsCheck(log, m));
  }

  @Test
  void aVersionReadMoreThanAFewLoadsBeforeIsChecked() {
    Mutable m = mutable();
    Mutable other = mutable();
    ClosureLog log = freshLog();
    log.load(m);
    for (int i = 0; i < 8; i++) {
      log.load(other);
    }
    corrupt(m);
    assertThrows(ChecksumMismatchException.class, () -> ControlPath.load(log, m));
    Replay replay = new Replay();
    replay.reset(log);
    replay.load(m);
    for (int i = 0; i < 8; i++) {
      replay.load(other);
    }
    assertThrows(ChecksumMismatchException.class, () -> ControlPath.load(replay, m));
  }
}
