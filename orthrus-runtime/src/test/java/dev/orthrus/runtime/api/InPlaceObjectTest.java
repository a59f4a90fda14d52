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

  /** Two mutable fields in place, written as a generated plain store writes them. */
  static final class Pair extends InPlaceObject<Pair.V> {
    private long a;
    private long b;

    Pair(long a, long b) {
      soVersion(new V(this, a, b));
    }

    /** As a generated constructor ends: the fields written, then the first store. */
    Pair(long a, long b, boolean generated) {
      this.a = a;
      this.b = b;
      firstStore(V.checksumOf(a, b));
    }

    void storeAgainAsFirst() {
      firstStore(V.checksumOf(a, b));
    }

    /** A plain store of {@code a} alone, as the plain variant writes one field. */
    void storeA(long value) {
      refusePlainStore();
      int token = beginStore();
      a = value;
      endStore(token, V.checksumOf(a, b));
    }

    /** A plain store of {@code b} alone. */
    void storeB(long value) {
      refusePlainStore();
      int token = beginStore();
      b = value;
      endStore(token, V.checksumOf(a, b));
    }

    long plainA() {
      refusePlainRead();
      return a;
    }

    @Override
    protected V snapshotFields(int checksum) {
      return new V(this, a, b, checksum);
    }

    @Override
    protected void writeFields(V next) {
      a = next.a;
      b = next.b;
    }

    static final class V extends Version {
      final long a;
      final long b;

      V(Pair owner, long a, long b) {
        this(owner, a, b, checksumOf(a, b));
      }

      V(Pair owner, long a, long b, int checksum) {
        super(owner);
        this.a = a;
        this.b = b;
        seal(checksum);
      }

      static int checksumOf(long a, long b) {
        return Checksum.bits(Checksum.bits(Checksum.SEED, a), b);
      }

      @Override
      public void fields(FieldSink sink) {
        sink.bits(a);
        sink.bits(b);
      }
    }
  }

  private static ClosureLog freshLog() {
    return new ClosureLog(new AppThread(Thread.currentThread(), -1, 2), -1);
  }

  @Test
  void aSnapshotCarriesTheFieldsAndTheChecksumInPlace() {
    Pair p = new Pair(1, 2);
    Pair.V first = p.lvVersion();
    assertEquals(1, first.a);
    assertEquals(2, first.b);
    assertTrue(first.checksumValid());
    p.storeA(7);
    assertEquals(1, first.a, "a snapshot is a copy: a later store leaves it as it was");
    Pair.V second = p.lvVersion();
    assertEquals(7, second.a);
    assertTrue(second.checksumValid());
    assertNotSame(first, second);
  }

  @Test
  void aGeneratedConstructorsFirstStoreIsTheFirstVersionAndComesOnce() {
    Pair p = new Pair(4, 5, true);
    Pair.V first = p.lvVersion();
    assertEquals(4, first.a);
    assertEquals(5, first.b);
    assertTrue(first.checksumValid());
    ControlPath.verify(p);
    assertThrows(IllegalStateException.class, p::storeAgainAsFirst);
    ClosureLog log = freshLog();
    Pair.V read = log.load(p);
    assertTrue(log.store(p, read, new Pair.V(p, read.a, 6)), "a store over the first succeeds");
  }

  /** A field changed behind the runtime's back (a faulty core) fails the control-path check. */
  @Test
  void aFieldCorruptedInPlaceFailsTheControlPathCheck() {
    Pair p = new Pair(1, 2);
    p.a = 3; // no beginStore: the checksum in place still covers a = 1
    ChecksumMismatchException e =
        assertThrows(ChecksumMismatchException.class, () -> ControlPath.verify(p));
    assertTrue(e.getMessage().contains(Pair.V.class.getName()), e.getMessage());
  }

  @Test
  void aStoreThatKeepsFieldsSucceedsOnlyOverTheSnapshotItWasBuiltFrom() {
    Pair p = new Pair(1, 2);
    Pair.V read = p.lvVersion();
    assertTrue(p.casVersion(read, new Pair.V(p, read.a, 5)));
    assertFalse(p.casVersion(read, new Pair.V(p, 9, read.b)), "another store came in between");
    Pair.V now = p.lvVersion();
    assertEquals(1, now.a);
    assertEquals(5, now.b);
    assertTrue(now.checksumValid(), "a refused store leaves fields and checksum as they were");
  }

  @Test
  void aLoggedStoreOverAnotherThreadsStoreIsRefusedAndMarksTheExecution() {
    Pair p = new Pair(1, 2);
    ClosureLog log = freshLog();
    Pair.V read = log.load(p);
    p.storeB(8); // another thread's store
    assertFalse(log.store(p, read, new Pair.V(p, 4, read.b)));
    assertTrue(log.raced());
    Pair.V newest = log.newest(p);
    assertTrue(log.store(p, newest, new Pair.V(p, 4, newest.b)));
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
    Pair p = new Pair(1, 2);
    ClosureLog log = freshLog();
    Pair.V mine = new Pair.V(p, 3, 4);
    log.store(p, mine);
    assertSame(mine, log.load(p));

    Replay r = new Replay();
    r.reset(log);
    Pair.V valStore = new Pair.V(p, 3, 4);
    r.store(p, valStore);
    assertSame(valStore, r.load(p));

    p.storeA(10); // another thread
    Pair.V read = log.load(p);
    assertNotSame(mine, read);
    assertEquals(10, read.a);
  }

  /** An object the closure made: its first version counts as created, and a load finds it. */
  @Test
  void anObjectAllocatedInTheClosureIsReadBackAsItsFirstVersion() {
    ClosureLog log = freshLog();
    Pair p = log.allocate(new Pair(5, 6));
    assertEquals(1, log.createdCount());
    assertSame(log.created(0), log.load(p));
  }

  @Test
  void aValidatorsPlainStoreIsRefusedButItsConstructorsFirstStoreIsNot()
      throws InterruptedException {
    Pair shared = new Pair(1, 2);
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
              Pair mine = new Pair(7, 8);
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
    Pair p = new Pair(0, 0);
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
                Pair.V read = log.load(p);
                while (!log.store(p, read, new Pair.V(p, read.a, i))) {
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
    Pair.V last = p.lvVersion();
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
