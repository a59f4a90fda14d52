package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The in-place layout of versioned memory (decision 0058). */
class InPlaceObjectTest {

  private static ClosureLog freshLog() {
    return new ClosureLog(new AppThread(Thread.currentThread(), -1, 2), -1);
  }

  @Test
  void aSnapshotCarriesTheFieldsAndTheChecksumInPlace() {
    TwoFields p = new TwoFields(1, 2);
    TwoFields.V first = p.lvVersion();
    assertEquals(1, first.a);
    assertEquals(2, first.b);
    assertTrue(first.checksumValid());
    p.storeA(7);
    assertEquals(1, first.a, "a snapshot is a copy: a later store leaves it as it was");
    TwoFields.V second = p.lvVersion();
    assertEquals(7, second.a);
    assertTrue(second.checksumValid());
    assertNotSame(first, second);
  }

  /**
   * A store that an error cuts short between beginStore and endStore (a program that catches the
   * StackOverflowError of its own recursion, which calls closures at every level) gives the
   * sequence word up instead of leaving it odd: later loads, checks and stores go on, from another
   * thread too, and the object is sealed again from its fields, so no check reports the store that
   * was cut short as corruption.
   */
  @Test
  void aStoreCutShortByAnErrorDoesNotLeaveTheObjectLockedOrCorrupt() throws Exception {
    TwoFields p = new TwoFields(1, 2, true);
    ControlPath.verify(p);
    assertThrows(StackOverflowError.class, () -> p.storeACutShort(9));
    AtomicReference<Throwable> failed = new AtomicReference<>();
    Thread other =
        new Thread(
            () -> {
              try {
                ControlPath.verify(p);
                TwoFields.V read = freshLog().load(p);
                assertEquals(9, read.a);
                assertTrue(read.checksumValid());
                p.storeB(3);
                ControlPath.verify(p);
              } catch (Throwable e) {
                failed.set(e);
              }
            });
    other.setDaemon(true);
    other.start();
    other.join(10_000);
    assertFalse(other.isAlive(), "a load or store waited for ever on the store cut short");
    assertEquals(null, failed.get());
    assertEquals(9, p.lvVersion().a);
    assertEquals(3, p.lvVersion().b);
  }

  /** The same for a logged store whose writing of the fields an error cuts short. */
  @Test
  void aLoggedStoreCutShortByAnErrorDoesNotLeaveTheObjectLocked() throws Exception {
    TwoFields p = new TwoFields(1, 2, true);
    ClosureLog log = freshLog();
    TwoFields.V read = log.load(p);
    p.failNextWrite = true;
    assertThrows(StackOverflowError.class, () -> log.store(p, read, new TwoFields.V(p, 5, 6)));
    Thread other = new Thread(() -> ControlPath.verify(p));
    other.setDaemon(true);
    other.start();
    other.join(10_000);
    assertFalse(other.isAlive(), "a check waited for ever on the store cut short");
    ControlPath.verify(p);
    assertTrue(freshLog().store(p, p.lvVersion(), new TwoFields.V(p, 7, 8)));
    assertEquals(7, p.lvVersion().a);
  }

  @Test
  void aGeneratedConstructorsFirstStoreIsTheFirstVersion() {
    TwoFields p = new TwoFields(4, 5, true);
    TwoFields.V first = p.lvVersion();
    assertEquals(4, first.a);
    assertEquals(5, first.b);
    assertTrue(first.checksumValid());
    ControlPath.verify(p);
    ClosureLog log = freshLog();
    TwoFields.V read = log.load(p);
    assertTrue(
        log.store(p, read, new TwoFields.V(p, read.a, 6)), "a store over the first succeeds");
  }

  /**
   * A JSON library makes the object with its constructor, then sets its fields by reflection,
   * before the program uses it: the fields are sealed at the first use, as they are then (decision
   * 0085). After that, a field changed without a store is corruption.
   */
  @Test
  void theFieldsAreSealedAtTheObjectsFirstUse() {
    TwoFields p = new TwoFields(4, 5, true);
    p.a = 40;
    ControlPath.verify(p);
    TwoFields.V first = p.lvVersion();
    assertEquals(40, first.a);
    assertTrue(first.checksumValid());
    p.b = 50;
    assertThrows(ChecksumMismatchException.class, () -> ControlPath.verify(p));
  }

  /**
   * Java serialization and {@code Unsafe.allocateInstance} make the object without its constructor
   * and set its fields: the first use (here a logged load, then a store) seals them.
   */
  @Test
  void anObjectMadeWithoutItsConstructorIsSealedAtItsFirstUse() throws Exception {
    java.lang.reflect.Field theUnsafe = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
    theUnsafe.setAccessible(true);
    TwoFields p =
        (TwoFields) ((sun.misc.Unsafe) theUnsafe.get(null)).allocateInstance(TwoFields.class);
    p.a = 7;
    p.b = 8;
    ClosureLog log = freshLog();
    TwoFields.V read = log.load(p);
    assertEquals(7, read.a);
    assertTrue(read.checksumValid());
    assertTrue(log.store(p, read, new TwoFields.V(p, read.a, 9)));
    ControlPath.verify(p);
    assertEquals(9, p.lvVersion().b);
  }

  /** A field changed behind the runtime's back (a faulty core) fails the control-path check. */
  @Test
  void aFieldCorruptedInPlaceFailsTheControlPathCheck() {
    TwoFields p = new TwoFields(1, 2);
    p.a = 3; // no beginStore: the checksum in place still covers a = 1
    ChecksumMismatchException e =
        assertThrows(ChecksumMismatchException.class, () -> ControlPath.verify(p));
    assertTrue(e.getMessage().contains(TwoFields.V.class.getName()), e.getMessage());
  }

  @Test
  void aStoreThatKeepsFieldsSucceedsOnlyOverTheSnapshotItWasBuiltFrom() {
    TwoFields p = new TwoFields(1, 2);
    TwoFields.V read = p.lvVersion();
    assertTrue(p.casVersion(read, new TwoFields.V(p, read.a, 5)));
    assertFalse(p.casVersion(read, new TwoFields.V(p, 9, read.b)), "another store came in between");
    TwoFields.V now = p.lvVersion();
    assertEquals(1, now.a);
    assertEquals(5, now.b);
    assertTrue(now.checksumValid(), "a refused store leaves fields and checksum as they were");
  }

  @Test
  void aLoggedStoreOverAnotherThreadsStoreIsRefusedAndMarksTheExecution() {
    TwoFields p = new TwoFields(1, 2);
    ClosureLog log = freshLog();
    TwoFields.V read = log.load(p);
    p.storeB(8); // another thread's store
    assertFalse(log.store(p, read, new TwoFields.V(p, 4, read.b)));
    assertTrue(log.raced());
    TwoFields.V newest = log.newest(p);
    assertTrue(log.store(p, newest, new TwoFields.V(p, 4, newest.b)));
    assertEquals(4, p.plainA());
    assertEquals(8, p.lvVersion().b, "the other thread's store is kept");
  }

  /**
   * APP reads back its own store: the log records that store's version (not a snapshot equal to
   * it), so VAL, which stored its own version, reads that one; a store by another thread in between
   * makes the load a snapshot of what APP really read.
   */
  @Test
  void aLoadAfterThisExecutionsStoreIsThatStoresVersionUnlessAnotherThreadStored() {
    TwoFields p = new TwoFields(1, 2);
    ClosureLog log = freshLog();
    TwoFields.V mine = new TwoFields.V(p, 3, 4);
    log.store(p, mine);
    assertSame(mine, log.load(p));

    Replay r = new Replay();
    r.reset(log);
    TwoFields.V valStore = new TwoFields.V(p, 3, 4);
    r.store(p, valStore);
    assertSame(valStore, r.load(p));

    p.storeA(10); // another thread
    TwoFields.V read = log.load(p);
    assertNotSame(mine, read);
    assertEquals(10, read.a);
  }

  /**
   * A closure that reads several fields of one object loads it once per field: while no store comes
   * between, the log records the version of the last load again instead of a new snapshot of the
   * same fields, and VAL reads the loads back in order.
   */
  @Test
  void loadsOfAnUnchangedObjectRecordItsLastVersionAgain() {
    TwoFields p = new TwoFields(1, 2);
    TwoFields q = new TwoFields(3, 4);
    ClosureLog log = freshLog();
    TwoFields.V first = log.load(p);
    TwoFields.V other = log.load(q);
    assertSame(first, log.load(p), "no store came between: the same fields, the same version");
    p.storeA(5); // another thread
    TwoFields.V after = log.load(p);
    assertNotSame(first, after);
    assertEquals(5, after.a);
    TwoFields.V mine = new TwoFields.V(p, 6, after.b);
    assertTrue(log.store(p, after, mine));
    assertSame(mine, log.load(p), "after this execution's store, that store's version");
    assertSame(mine, log.load(p));
    assertEquals(6, log.loadCount());

    Replay r = new Replay();
    r.reset(log);
    assertSame(first, r.load(p));
    assertSame(other, r.load(q));
    assertSame(first, r.load(p));
    assertSame(after, r.load(p));
  }

  /** A load far behind the last few is not looked for: a new snapshot, equal to it. */
  @Test
  void anOlderLoadOfTheObjectIsNotLookedFor() {
    TwoFields p = new TwoFields(1, 2);
    ClosureLog log = freshLog();
    TwoFields.V first = log.load(p);
    for (int i = 0; i < 8; i++) {
      log.load(new TwoFields(i, i));
    }
    TwoFields.V again = log.load(p);
    assertNotSame(first, again);
    assertEquals(first.a, again.a);
    assertEquals(first.checksum(), again.checksum());
  }

  /** A slot read twice records one version while it holds the same value, a new one after. */
  @Test
  void loadsOfASlotHoldingTheSameValueRecordOneVersion() {
    VersionedArray<String> slots = new VersionedArray<>(2);
    slots.soValue(0, "x");
    ClosureLog log = freshLog();
    SlotVersion<String> first = log.loadSlot(slots, 0);
    assertSame(first, log.loadSlot(slots, 0));
    assertNotSame(first, log.loadSlot(slots, 1), "another slot");
    slots.soValue(0, "y"); // another thread
    SlotVersion<String> after = log.loadSlot(slots, 0);
    assertEquals("y", after.value());
    assertNotSame(first, after);
  }

  /** The check in place covers what a snapshot's check covers, with no version made. */
  @Test
  void theCheckInPlaceAgreesWithTheChecksumOfASnapshot() {
    TwoFields p = new TwoFields(1, 2, true);
    p.storeB(9);
    assertEquals(Checksum.of(p.lvVersion()), p.checksumFields());
    ControlPath.verify(p);
    p.b = 10; // behind the runtime's back
    ChecksumMismatchException e =
        assertThrows(ChecksumMismatchException.class, () -> ControlPath.verify(p));
    assertTrue(e.getMessage().contains("sealed"), e.getMessage());
  }

  /** An object the closure made: its first version counts as created, and a load finds it. */
  @Test
  void anObjectAllocatedInTheClosureIsReadBackAsItsFirstVersion() {
    ClosureLog log = freshLog();
    TwoFields p = log.allocate(new TwoFields(5, 6));
    assertEquals(1, log.createdCount());
    assertSame(log.created(0), log.load(p));
  }

  @Test
  void aValidatorsPlainStoreIsRefusedButItsConstructorsFirstStoreIsNot()
      throws InterruptedException {
    TwoFields shared = new TwoFields(1, 2);
    AtomicReference<Throwable> refused = new AtomicReference<>();
    AtomicLong madeA = new AtomicLong();
    Thread v =
        new ValidatorThread(
            () -> {
              try {
                shared.storeA(3);
              } catch (Throwable t) {
                refused.set(t);
              }
              TwoFields mine = new TwoFields(7, 8);
              madeA.set(mine.currentVersion().a);
            },
            "validator-test",
            0);
    v.start();
    v.join();
    assertTrue(refused.get() instanceof UninstrumentedAccess, String.valueOf(refused.get()));
    assertEquals(1, shared.lvVersion().a);
    assertEquals(7, madeA.get());
  }

  /**
   * Stress: two threads store different fields of one object, one by plain stores and one by logged
   * stores that keep the other field, while a third checks the checksum of every snapshot. No check
   * may fail (a torn snapshot or a checksum of a store's half would be a false detection), and no
   * store may be lost.
   */
  @Test
  void concurrentStoresToDifferentFieldsLoseNothingAndNeverFailTheCheck() throws Exception {
    TwoFields p = new TwoFields(0, 0);
    int stores = 200_000;
    AtomicBoolean done = new AtomicBoolean();
    List<Throwable> failures = new ArrayList<>();
    CountDownLatch start = new CountDownLatch(1);
    Thread plain =
        new Thread(
            () -> {
              await(start);
              for (int i = 1; i <= stores; i++) {
                p.storeA(i);
              }
            });
    Thread logged =
        new Thread(
            () -> {
              await(start);
              for (int i = 1; i <= stores; i++) {
                ClosureLog log = freshLog();
                TwoFields.V read = log.load(p);
                while (!log.store(p, read, new TwoFields.V(p, read.a, i))) {
                  read = log.newest(p);
                }
              }
            });
    Thread checker =
        new Thread(
            () -> {
              await(start);
              long checks = 0;
              while (!done.get() || checks < 1000) {
                try {
                  ControlPath.verify(p);
                } catch (Throwable t) {
                  synchronized (failures) {
                    failures.add(t);
                  }
                  return;
                }
                checks++;
              }
            });
    plain.start();
    logged.start();
    checker.start();
    start.countDown();
    plain.join();
    logged.join();
    done.set(true);
    checker.join();
    assertEquals(List.of(), failures);
    TwoFields.V last = p.lvVersion();
    assertEquals(stores, last.a);
    assertEquals(stores, last.b);
    assertTrue(last.checksumValid());
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
