package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VersionedMemoryTest {

  static final class Cell extends VersionedObject<Cell.V> {
    Cell(long x) {
      soVersion(new V(this, x));
    }

    static final class V extends Version {
      final long x;

      V(Cell owner, long x) {
        super(owner);
        this.x = x;
        seal(Checksum.bits(Checksum.SEED, x));
      }

      @Override
      public void fields(FieldSink sink) {
        sink.bits(x);
      }
    }
  }

  @Test
  void storePublishesANewVersionAndKeepsTheOldOneIntact() {
    Cell c = new Cell(1);
    Cell.V first = c.lvVersion();
    c.soVersion(new Cell.V(c, 2));
    assertEquals(1, first.x);
    assertEquals(2, c.lvVersion().x);
    assertSame(c, c.lvVersion().owner());
  }

  @Test
  void aVersionOfAnotherObjectIsRejected() {
    Cell a = new Cell(1);
    Cell b = new Cell(2);
    assertThrows(IllegalArgumentException.class, () -> a.soVersion(new Cell.V(b, 3)));
  }

  @Test
  void casPublishesOnlyOverTheExpectedVersion() {
    Cell c = new Cell(1);
    Cell.V v1 = c.lvVersion();
    assertTrue(c.casVersion(v1, new Cell.V(c, 2)));
    assertEquals(false, c.casVersion(v1, new Cell.V(c, 3)));
    assertEquals(2, c.lvVersion().x);
  }

  @Test
  void inlineChecksumEqualsVisitorChecksum() {
    Cell c = new Cell(0x1234_5678_9abcL);
    assertEquals(Checksum.of(c.lvVersion()), c.lvVersion().checksum());
    assertTrue(c.lvVersion().checksumValid());
  }

  @Test
  void arraySlotsHoldTheirNewestValues() {
    VersionedArray<String> a = new VersionedArray<>(4);
    assertNull(a.lvValue(2));
    a.soValue(1, "x");
    assertEquals("x", a.lvValue(1));
    assertNull(a.lvValue(0));
    assertThrows(IllegalArgumentException.class, () -> new VersionedArray<>(-1));
  }

  @Test
  void aLoggedSlotLoadRecordsTheValueReadAndStoresGoToTheArray() {
    VersionedArray<String> a = new VersionedArray<>(4);
    a.soValue(2, "two");
    ClosureLog log = freshLog();
    SlotVersion<String> read = log.loadSlot(a, 2);
    assertEquals("two", read.value());
    assertEquals(2, read.slot());
    assertSame(a, read.owner());
    assertTrue(read.checksumValid());
    assertSame(read, log.loaded(0));
    log.storeSlot(a, new SlotVersion<>(a, 3, "three"));
    assertEquals("three", a.lvValue(3));
    VersionedArray<String> other = new VersionedArray<>(4);
    assertThrows(
        IllegalArgumentException.class, () -> log.storeSlot(a, new SlotVersion<>(other, 1, "y")));
  }

  /**
   * A closure that stores a slot and reads it back: APP logs its own store's version, so VAL, which
   * stored its own value, reads that one back (as for objects), and the array keeps APP's.
   */
  @Test
  void aSlotReadBackAfterThisExecutionsStoreIsItsOwnVersionInValToo() {
    VersionedArray<Object> a = new VersionedArray<>(4);
    Object appValue = new Object();
    Object valValue = new Object();
    ClosureLog log = freshLog();
    SlotVersion<Object> stored = new SlotVersion<>(a, 1, appValue);
    log.storeSlot(a, stored);
    assertSame(stored, log.loadSlot(a, 1));
    SlotVersion<Object> untouched = log.loadSlot(a, 2);

    Replay r = new Replay();
    r.reset(log);
    SlotVersion<Object> valStored = new SlotVersion<>(a, 1, valValue);
    r.storeSlot(a, valStored);
    assertSame(valStored, r.loadSlot(a, 1));
    assertSame(untouched, r.loadSlot(a, 2));
    assertSame(appValue, a.lvValue(1), "VAL wrote shared memory");
  }

  /** Another thread's store after this execution's: APP read that value, and VAL gets it too. */
  @Test
  void aSlotAnotherThreadOverwroteIsLoggedAsANewVersion() {
    VersionedArray<Object> a = new VersionedArray<>(4);
    Object mine = new Object();
    Object theirs = new Object();
    ClosureLog log = freshLog();
    SlotVersion<Object> stored = new SlotVersion<>(a, 1, mine);
    log.storeSlot(a, stored);
    a.soValue(1, theirs);
    SlotVersion<Object> read = log.loadSlot(a, 1);
    assertNotSame(stored, read);
    assertSame(theirs, read.value());

    Replay r = new Replay();
    r.reset(log);
    r.storeSlot(a, new SlotVersion<>(a, 1, new Object()));
    assertSame(read, r.loadSlot(a, 1));
  }

  private static ClosureLog freshLog() {
    return new AppThread(Thread.currentThread(), -1, 2).takeLog();
  }
}
