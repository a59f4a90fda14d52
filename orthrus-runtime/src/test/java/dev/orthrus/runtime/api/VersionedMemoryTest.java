package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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

  /**
   * A load of a slot the execution stored to reads the version of its newest store there, whether
   * it made a few stores or thousands (then they are indexed), and over a dropped recorded call's
   * stores; a slot another thread changed since gets a new version. A long relinking used to look
   * through every store for each load: time in the square of the stores.
   */
  @Test
  void aLoadReadsTheExecutionsOwnNewestStoreHoweverManyItMade() {
    for (int n : new int[] {4, ClosureLog.INDEXED, 5_000}) {
      ClosureLog log = new ClosureLog(new AppThread(Thread.currentThread(), -1, 2), -1);
      VersionedArray<String> a = new VersionedArray<>(n);
      for (int round = 0; round < 2; round++) {
        for (int i = 0; i < n; i++) {
          log.storeSlot(a, i, "v" + round + "-" + i);
        }
      }
      for (int i = 0; i < n; i++) {
        SlotVersion<String> read = log.loadSlot(a, i);
        assertSame(log.created(n + i), read, "slot " + i + " of " + n);
        assertEquals("v1-" + i, read.value());
      }
      log.beforeRecorded("call");
      log.storeSlot(a, 0, "dropped");
      log.recordedRef("result");
      // The slot holds the kept store's value again.
      a.soValue(0, ((SlotVersion<?>) log.created(n)).value().toString());
      assertSame(log.created(n), log.loadSlot(a, 0), "after a dropped call, " + n);
      a.soValue(1, "other");
      SlotVersion<String> other = log.loadSlot(a, 1);
      assertEquals("other", other.value());
      assertNotSame(log.created(n + 1), other);
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

  /**
   * A logged store that keeps fields publishes only over the version it was built from; when
   * another thread stored in between it records nothing and marks the execution as raced (not
   * validated), and the caller rebuilds from {@code newest}.
   */
  @Test
  void aLoggedStoreOverAnotherThreadsNewerVersionIsRefusedAndMarksTheExecution() {
    Cell c = new Cell(1);
    ClosureLog log = new ClosureLog(new AppThread(Thread.currentThread(), -1, 2), -1);
    Cell.V read = log.load(c);
    c.soVersion(new Cell.V(c, 5)); // another thread's store
    assertEquals(false, log.store(c, read, new Cell.V(c, 2)));
    assertTrue(log.raced());
    assertEquals(0, log.createdCount());
    Cell.V newest = log.newest(c);
    assertEquals(5, newest.x);
    Cell.V next = new Cell.V(c, newest.x + 1);
    assertTrue(log.store(c, newest, next));
    assertSame(next, c.lvVersion());
    assertEquals(1, log.createdCount());
    assertSame(next, log.created(0));
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
    assertThrows(NegativeArraySizeException.class, () -> new VersionedArray<>(-1)); // as new T[-1]
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

  /** VAL reading another array than APP did names both arrays by their lengths. */
  @Test
  void aReadOfAnotherArrayNamesBothArrays() {
    VersionedArray<Object> small = new VersionedArray<>(3);
    VersionedArray<Object> large = new VersionedArray<>(1024);
    ClosureLog log = freshLog();
    log.loadSlot(small, 0);
    Replay r = new Replay();
    r.reset(log);
    Divergence d = assertThrows(Divergence.class, () -> r.loadSlot(large, 0));
    assertEquals(MismatchKind.LOAD_DIVERGED, d.kind());
    assertTrue(
        d.getMessage()
            .matches(
                "the paths diverged at user-data read #0: the re-execution read slot 0 of a"
                    + " user-data array of 1024@[0-9a-f]+, the application a user-data array of"
                    + " 3@[0-9a-f]+.*"),
        d.getMessage());
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

  /** A handle that holds its reference to another link itself, as {@code KvMap.Item} does. */
  static final class Link extends VersionedObject<Link.V> implements ValueSlots<Link> {
    private static final VarHandle NEXT;

    static {
      try {
        NEXT = MethodHandles.lookup().findVarHandle(Link.class, "next", Link.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    @SuppressWarnings("unused") // accessed through NEXT
    private Link next;

    Link(Link next) {
      this.next = next;
      soVersion(new V(this));
    }

    /** A link's versions carry no field: its one mutable field is held. */
    static final class V extends Version {
      V(Link owner) {
        super(owner);
        seal(Checksum.SEED);
      }

      @Override
      public void fields(FieldSink sink) {}
    }

    @Override
    public int slotCount() {
      return 1;
    }

    @Override
    public Link lvValue(int i) {
      refusePlainRead();
      checkSlot(i);
      return (Link) NEXT.getAcquire(this);
    }

    @Override
    public void soValue(int i, Link value) {
      refusePlainStore();
      checkSlot(i);
      NEXT.setRelease(this, value);
    }
  }

  @Test
  void aHeldFieldIsLoggedAndReplayedLikeASlot() {
    Link tail = new Link(null);
    Link head = new Link(tail);
    assertSame(tail, head.lvValue(0));
    assertThrows(ArrayIndexOutOfBoundsException.class, () -> head.lvValue(1));

    ClosureLog log = freshLog();
    SlotVersion<Link> read = log.loadSlot(head, 0);
    assertSame(tail, read.value());
    assertSame(head, read.owner());
    log.storeSlot(head, new SlotVersion<>(head, 0, null));
    assertNull(head.lvValue(0));

    Replay r = new Replay();
    r.reset(log);
    assertSame(read, r.loadSlot(head, 0));
    Divergence wrongObject = assertThrows(Divergence.class, () -> r.loadSlot(tail, 0));
    assertEquals(MismatchKind.LOAD_DIVERGED, wrongObject.kind());
  }

  /**
   * A new object's held fields count as stores, so validation compares them; VAL reads back the
   * held field of its own new object as APP did (APP's allocation stands for VAL's).
   */
  @Test
  void anAllocationRecordsItsHeldFieldsAsStores() {
    Link tail = new Link(null);
    ClosureLog log = freshLog();
    Link appNew = log.allocate(new Link(tail));
    assertEquals(2, log.createdCount());
    SlotVersion<?> held = (SlotVersion<?>) log.created(1);
    assertSame(appNew, held.owner());
    assertSame(tail, held.value());
    assertSame(held, log.loadSlot(appNew, 0));

    Replay r = new Replay();
    r.reset(log);
    Link valNew = r.allocate(new Link(tail));
    assertEquals(2, r.createdCount());
    assertSame(valNew, r.created(1).owner());
    assertSame(r.created(1), r.loadSlot(valNew, 0));
  }

  private static ClosureLog freshLog() {
    return new AppThread(Thread.currentThread(), -1, 2).takeLog();
  }
}
