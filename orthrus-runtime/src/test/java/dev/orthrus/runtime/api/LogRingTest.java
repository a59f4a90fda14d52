package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.sample.FixedSampling;
import java.lang.ref.WeakReference;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-thread ring of logs: reuse after validation, reclamation, nesting, full rings. */
class LogRingTest {

  private static final ClosureBinding NOOP =
      ClosureBinding.of(
          LogRingTest.class.getName() + "#noop()", "noop", (log, r) -> r.returnVoid());

  private static RuntimeConfig.Builder config() {
    return RuntimeConfig.builder().sampling(() -> new FixedSampling(1.0)).err(null);
  }

  @Test
  void logsAreReusedManyTimesOverOnceValidated() {
    try (OrthrusRuntime rt = new OrthrusRuntime(config().logsPerThread(8).build())) {
      rt.blockWhenFull(true);
      for (int i = 0; i < 800; i++) {
        ClosureLog log = rt.begin(NOOP, i);
        assertNotNull(log);
        log.returnVoid();
        rt.publish(log);
      }
      assertTrue(rt.awaitDrained(10_000));
      assertEquals(800, rt.validatedCount());
      assertEquals(8, rt.appThread().capacity());
      // Validated logs count as pending until their owner reclaims them, then nothing is.
      rt.appThread().reclaimValidated();
      assertEquals(0, rt.appThread().pendingBytes());
    }
  }

  @Test
  void aFullRingSkipsAndTheValidatedLogsComeBack() {
    try (OrthrusRuntime rt = new OrthrusRuntime(config().validators(0).logsPerThread(4).build())) {
      AppThread t = rt.appThread();
      ClosureLog[] taken = new ClosureLog[4];
      for (int i = 0; i < 4; i++) {
        taken[i] = rt.begin(NOOP, 0);
        taken[i].returnVoid();
        rt.publish(taken[i]);
      }
      assertNull(rt.begin(NOOP, 0), "a pending log was handed out again");
      assertEquals(1, rt.skippedCount());
      // A validator finishes the oldest log: the owner can take it again, reset.
      ClosureLog first = t.queue().poll();
      assertEquals(taken[0], first);
      t.recycle(first);
      assertNull(first.receiver());
      ClosureLog again = rt.begin(NOOP, 5);
      assertEquals(first, again);
      assertEquals(5, again.callerId());
      assertEquals(0, again.loadCount());
    }
  }

  /**
   * Sampling all waits for a free log, but not for ever: a validator stuck behind something the
   * waiting thread holds (the initialization of a class whose static initializer calls closures)
   * would hang the program. After the stall bound the thread skips, then skips without waiting
   * until a log comes back, and logs again from then on.
   */
  @Test
  void waitingForAFreeLogGivesUpWhenValidatorsMakeNoProgress() {
    try (OrthrusRuntime rt = new OrthrusRuntime(config().validators(0).logsPerThread(2).build())) {
      rt.blockWhenFull(true);
      AppThread t = rt.appThread();
      for (int i = 0; i < 2; i++) {
        ClosureLog log = rt.begin(NOOP, i);
        log.returnVoid();
        rt.publish(log);
      }
      long start = System.nanoTime();
      assertNull(rt.begin(NOOP, 2), "no validator runs: the wait must give up");
      long waited = System.nanoTime() - start;
      assertTrue(waited >= OrthrusRuntime.STALL_NANOS, waited + " ns");
      assertTrue(t.gaveUpWaiting());
      // The wait counts as time spent waiting for a free log.
      assertTrue(rt.logWaitNanos() >= OrthrusRuntime.STALL_NANOS, rt.logWaitNanos() + " ns");
      assertTrue(rt.logWaitNanos() <= waited, rt.logWaitNanos() + " ns");

      start = System.nanoTime();
      for (int i = 0; i < 100; i++) {
        assertNull(rt.begin(NOOP, 3));
      }
      assertTrue(
          System.nanoTime() - start < OrthrusRuntime.STALL_NANOS,
          "a thread that gave up waits again before any log came back");
      assertEquals(101, rt.skippedCount());

      t.recycle(t.queue().poll());
      ClosureLog again = rt.begin(NOOP, 4);
      assertNotNull(again, "a log came back: logging resumes");
      assertFalse(t.gaveUpWaiting());
    }
  }

  /**
   * A validator that takes longer than the stall bound to re-execute one log is working, not stuck:
   * the thread goes on waiting and every execution is logged (a deep recursion at 100% sampling,
   * trial 4).
   */
  @Test
  void waitingForAFreeLogGoesOnWhileValidatorsWork() {
    long busyNanos = OrthrusRuntime.STALL_NANOS * 2;
    ClosureBinding slow =
        ClosureBinding.of(
            LogRingTest.class.getName() + "#slow()",
            "slow",
            (log, r) -> {
              long end = System.nanoTime() + busyNanos;
              while (System.nanoTime() < end) {
                Thread.onSpinWait();
              }
              r.returnVoid();
            });
    try (OrthrusRuntime rt = new OrthrusRuntime(config().validators(1).logsPerThread(2).build())) {
      rt.blockWhenFull(true);
      for (int i = 0; i < 2; i++) {
        ClosureLog log = rt.begin(slow, i);
        log.returnVoid();
        rt.publish(log);
      }
      ClosureLog third = rt.begin(slow, 2);
      assertNotNull(third, "the thread gave up on a validator that was computing");
      third.returnVoid();
      rt.publish(third);
      assertEquals(0, rt.skippedCount());
      assertTrue(rt.awaitDrained(10_000));
      assertEquals(3, rt.validatedCount());
    }
  }

  /**
   * An error that escapes between taking a log and publishing it (a StackOverflowError in a
   * recursion that calls closures, met in the runtime's own code) leaves the log filling. When the
   * ring comes round to it, it is revoked and its slot gets a new log: the thread goes on logging
   * every execution instead of skipping all of them from then on.
   */
  @Test
  void aLogLeftFillingByAnEscapedErrorIsRevokedAndTheThreadGoesOnLogging() {
    try (OrthrusRuntime rt = new OrthrusRuntime(config().logsPerThread(8).build())) {
      rt.blockWhenFull(true);
      ClosureLog lost = rt.begin(NOOP, 0);
      assertNotNull(lost);
      AppThread t = rt.appThread();
      for (int i = 0; i < 1_000; i++) {
        ClosureLog log = rt.begin(NOOP, i);
        assertNotNull(log, "execution " + i + " was not logged");
        assertNotSame(lost, log);
        log.returnVoid();
        rt.publish(log);
      }
      assertTrue(rt.awaitDrained(10_000));
      assertEquals(1_000, rt.validatedCount());
      assertEquals(0, rt.skippedCount());
      assertEquals(1, t.revokedLogs());
      assertTrue(lost.revoked());
    }
  }

  /**
   * The revoked log may belong to an execution still running, whose callbacks took a whole window
   * of logs: its publication is dropped, so it is neither validated nor reported, and it never
   * reaches a validator that holds its slot's new log.
   */
  @Test
  void aRevokedLogStillFillingIsDroppedWhenItsExecutionPublishesIt() {
    try (OrthrusRuntime rt = new OrthrusRuntime(config().logsPerThread(2).build())) {
      rt.blockWhenFull(true);
      ClosureLog outer = rt.begin(NOOP, 1);
      for (int i = 0; i < AppThread.INITIAL_WINDOW * 4; i++) {
        ClosureLog inner = rt.begin(NOOP, 2);
        assertNotNull(inner);
        inner.returnVoid();
        rt.publish(inner);
        assertTrue(rt.awaitDrained(10_000));
      }
      assertTrue(outer.revoked());
      outer.returnVoid();
      rt.publish(outer);
      assertTrue(rt.awaitDrained(10_000));
      assertEquals(AppThread.INITIAL_WINDOW * 4, rt.validatedCount());
      assertEquals(0, rt.detections().count());
    }
  }

  /**
   * A program that recurses into closures until the stack overflows, and catches the error, may be
   * cut short in a hand-over: after the log's state or before it, with its slot written or not, and
   * the producer index not yet moved. Each case is set up here as the error leaves it (the window
   * is too narrow to hit reliably with a real overflow); the thread's next take finishes the
   * hand-over, and the log is validated once. Left as it was, a log published but never queued
   * stalled the thread when its ring came round to it.
   */
  @Test
  void aHandOverCutShortByAnErrorIsFinishedAtTheNextTake() throws Exception {
    for (String cut : List.of("before the state", "before the slot", "before the index")) {
      try (OrthrusRuntime rt = new OrthrusRuntime(config().logsPerThread(8).build())) {
        rt.blockWhenFull(true);
        ClosureLog log = rt.begin(NOOP, 0);
        log.returnVoid();
        AppThread t = rt.appThread();
        field(AppThread.class, "offering").set(t, log);
        if (!cut.equals("before the state")) {
          log.state(ClosureLog.PUBLISHED);
        }
        if (cut.equals("before the index")) {
          // The slot is written, and a validator may claim the log from it at once.
          t.queue().offer(log.ringIndex());
          Field index = field(t.queue().getClass().getSuperclass(), "producerIndex");
          index.setLong(t.queue(), index.getLong(t.queue()) - 1);
        }
        for (int i = 0; i < 100; i++) {
          ClosureLog next = rt.begin(NOOP, 1);
          assertNotNull(next, cut + ": execution " + i + " was not logged");
          next.returnVoid();
          rt.publish(next);
        }
        assertTrue(rt.awaitDrained(10_000), cut);
        assertEquals(101, rt.validatedCount(), cut);
        assertEquals(0, rt.skippedCount(), cut);
        assertEquals(1, t.cutShortOffers(), cut);
        assertEquals(0, t.revokedLogs(), cut);
      }
    }
  }

  private static Field field(Class<?> owner, String name) throws NoSuchFieldException {
    for (Class<?> c = owner; c != null; c = c.getSuperclass()) {
      try {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        return f;
      } catch (NoSuchFieldException e) {
        // Declared further up.
      }
    }
    throw new NoSuchFieldException(name);
  }

  @Test
  void nestedExecutionsGetTheirOwnLogs() {
    try (OrthrusRuntime rt = new OrthrusRuntime(config().build())) {
      rt.blockWhenFull(true);
      ClosureLog outer = rt.begin(NOOP, 1);
      ClosureLog inner = rt.begin(NOOP, 2);
      assertNotNull(inner);
      assertNotSame(outer, inner);
      inner.returnVoid();
      rt.publish(inner);
      outer.returnVoid();
      rt.publish(outer);
      assertTrue(rt.awaitDrained(10_000));
      assertEquals(2, rt.validatedCount());
      assertEquals(0, rt.detections().count());
    }
  }

  /**
   * Issue 8, item 4: a log whose arrays grew counts what they grew against the memory budget while
   * pending, and a grown array above the threshold is replaced by a small one when the log comes
   * back, so the ring does not keep the memory of its largest executions for ever.
   */
  @Test
  void grownLogArraysCountWhilePendingAndShrinkWhenHandedBack() {
    VersionedMemoryTest.Cell cell = new VersionedMemoryTest.Cell(7);
    ClosureBinding many =
        ClosureBinding.of(
            LogRingTest.class.getName() + "#many()", "many", (log, r) -> r.returnVoid());
    try (OrthrusRuntime rt = new OrthrusRuntime(config().validators(0).build())) {
      AppThread t = rt.appThread();
      ClosureLog small = rt.begin(many, 0);
      small.load(cell);
      small.returnVoid();
      rt.publish(small);
      long smallBytes = t.pendingBytes();

      int loads = 10_000;
      ClosureLog big = rt.begin(many, 1);
      for (int i = 0; i < loads; i++) {
        big.load(cell);
      }
      big.returnVoid();
      rt.publish(big);
      long bigBytes = t.pendingBytes() - smallBytes;
      assertTrue(big.loadCapacity() >= loads);
      // Entries (48 bytes each) plus the array's growth (8 bytes a slot).
      assertTrue(bigBytes >= 48L * loads + 8L * (big.loadCapacity() - 16), bigBytes + " bytes");

      t.recycle(t.queue().poll());
      t.recycle(t.queue().poll());
      assertTrue(big.loadCapacity() <= ClosureLog.SHRINK_ABOVE, big.loadCapacity() + " slots");
      t.reclaimValidated();
      assertEquals(0, t.pendingBytes());
    }
  }

  /**
   * A log that grew beyond its initial size but not beyond {@link ClosureLog#SHRINK_ABOVE} keeps
   * its size once handed back (the closure most likely needs it again, and growing costs a copy),
   * and references nothing the execution loaded: the objects become garbage at validation.
   */
  @Test
  void aGrownLogKeepsItsSizeAndHoldsNothingOnceHandedBack() throws InterruptedException {
    ClosureBinding many =
        ClosureBinding.of(
            LogRingTest.class.getName() + "#many()", "many", (log, r) -> r.returnVoid());
    try (OrthrusRuntime rt = new OrthrusRuntime(config().validators(0).build())) {
      AppThread t = rt.appThread();
      List<WeakReference<VersionedMemoryTest.Cell>> loaded = new ArrayList<>();
      ClosureLog log = rt.begin(many, 0);
      for (int i = 0; i < 40; i++) {
        VersionedMemoryTest.Cell cell = new VersionedMemoryTest.Cell(i);
        loaded.add(new WeakReference<>(cell));
        log.load(cell);
      }
      log.returnVoid();
      rt.publish(log);
      int capacity = log.loadCapacity();
      assertTrue(capacity >= 40 && capacity <= ClosureLog.SHRINK_ABOVE, capacity + " slots");

      t.recycle(t.queue().poll());
      assertEquals(capacity, log.loadCapacity());
      for (int i = 0; i < 50 && loaded.stream().anyMatch(w -> w.get() != null); i++) {
        System.gc();
        Thread.sleep(20);
      }
      assertTrue(
          loaded.stream().allMatch(w -> w.get() == null),
          "a handed-back log kept an object it loaded alive");
    }
  }

  /** A user-data object holding a primitive array, as generated code declares one. */
  static final class Buffer extends VersionedObject<Buffer.V> {
    Buffer(long[] data) {
      soVersion(new V(this, data));
    }

    static final class V extends Version {
      final long[] data;

      V(Buffer owner, long[] data) {
        super(owner);
        this.data = data;
        seal(Checksum.ref(Checksum.SEED, data));
      }

      @Override
      public void fields(FieldSink sink) {
        sink.ref(data);
      }

      @Override
      public long arrayBytes() {
        return 16L + 8L * data.length;
      }
    }
  }

  /**
   * The arrays a log's versions hold count against the memory budget while it is pending: a
   * copy-on-write buffer replaced at every store stays alive through every pending log that read or
   * wrote it (an outside trial's indexer ran out of a 6 GB heap with every execution logged).
   */
  @Test
  void theArraysOfALogsVersionsCountWhilePending() {
    try (OrthrusRuntime rt = new OrthrusRuntime(config().validators(0).build())) {
      AppThread t = rt.appThread();
      Buffer buffer = new Buffer(new long[100_000]);
      ClosureLog log = rt.begin(NOOP, 0);
      Buffer.V read = log.load(buffer);
      log.store(buffer, new Buffer.V(buffer, read.data.clone()));
      log.returnVoid();
      rt.publish(log);
      assertTrue(t.pendingBytes() >= 2 * 800_000L, t.pendingBytes() + " bytes");
      t.recycle(t.queue().poll());
      t.reclaimValidated();
      assertEquals(0, t.pendingBytes());
    }
  }

  /** A user-data object holding a primitive array in place, as generated code declares one. */
  static final class InPlaceBuffer extends InPlaceObject<InPlaceBuffer.V> {
    long[] data;

    InPlaceBuffer(long[] data) {
      this.data = data;
      firstStore();
    }

    @Override
    protected V snapshotFields(int checksum) {
      return new V(this, data, checksum);
    }

    @Override
    protected void writeFields(V next) {
      data = next.data;
    }

    static final class V extends Version {
      final long[] data;

      V(InPlaceBuffer owner, long[] data, int checksum) {
        super(owner);
        this.data = data;
        seal(checksum);
      }

      static int checksumOf(long[] data) {
        return Checksum.ref(Checksum.SEED, data);
      }

      @Override
      public void fields(FieldSink sink) {
        sink.ref(data);
      }

      @Override
      public long arrayBytes() {
        return 16L + 8L * data.length;
      }
    }
  }

  /**
   * A closure that reads one object several times records one snapshot of it, and its array counts
   * once; a store's new array counts too, and a load of what the execution stored adds nothing.
   */
  @Test
  void aVersionsArraysCountOnceHoweverOftenTheExecutionLoadsIt() {
    try (OrthrusRuntime rt = new OrthrusRuntime(config().validators(0).build())) {
      InPlaceBuffer buffer = new InPlaceBuffer(new long[100_000]);
      ClosureLog log = rt.begin(NOOP, 0);
      long empty = log.estimatedBytes();
      InPlaceBuffer.V read = log.load(buffer);
      for (int i = 0; i < 4; i++) {
        assertEquals(read, log.load(buffer));
      }
      long oneArray = 16L + 800_000L;
      assertEquals(oneArray, log.estimatedBytes() - empty - 5 * 48L);
      long[] next = read.data.clone();
      log.store(buffer, new InPlaceBuffer.V(buffer, next, InPlaceBuffer.V.checksumOf(next)));
      assertEquals(next, log.load(buffer).data);
      assertEquals(2 * oneArray, log.estimatedBytes() - empty - 7 * 48L);
      log.returnVoid();
      rt.publish(log);
    }
  }

  /**
   * A store that keeps an object's array (it changes other fields, or stores the array it loaded)
   * makes a version holding the array the loaded one holds: the log keeps it alive once and counts
   * it once. Counted once per version, a payload beside a counter counted twice per execution, and
   * an outside trial's program at -Xmx256m skipped three executions in four for memory with a fifth
   * of its heap in pending logs.
   */
  @Test
  void anArrayThatSeveralVersionsOfAnExecutionHoldCountsOnce() {
    try (OrthrusRuntime rt = new OrthrusRuntime(config().validators(0).build())) {
      InPlaceBuffer buffer = new InPlaceBuffer(new long[100_000]);
      ClosureLog log = rt.begin(NOOP, 0);
      long empty = log.estimatedBytes();
      InPlaceBuffer.V read = log.load(buffer);
      log.store(buffer, new InPlaceBuffer.V(buffer, read.data, read.checksum()));
      long oneArray = 16L + 800_000L;
      assertEquals(oneArray, log.estimatedBytes() - empty - 2 * 48L);
      log.returnVoid();
      rt.publish(log);
      AppThread t = rt.appThread();
      assertEquals(log.accountedBytes(), t.pendingBytes());
      // The next execution counts the same array afresh: it is another log, reclaimed apart.
      ClosureLog next = rt.begin(NOOP, 0);
      long nextEmpty = next.estimatedBytes();
      next.load(buffer);
      assertEquals(oneArray, next.estimatedBytes() - nextEmpty - 48L);
      next.returnVoid();
      rt.publish(next);
    }
  }

  @Test
  void theWindowOfLogsInUseGrowsOnlyWhenItsLogsArePending() {
    try (OrthrusRuntime rt =
        new OrthrusRuntime(config().validators(0).logsPerThread(1024).build())) {
      AppThread t = rt.appThread();
      assertEquals(AppThread.INITIAL_WINDOW, t.window());
      // Validated promptly (here by the test, as a validator would): the window stays small and
      // the same few logs are reused.
      java.util.Set<ClosureLog> seen =
          java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
      for (int i = 0; i < 1000; i++) {
        ClosureLog log = rt.begin(NOOP, 0);
        seen.add(log);
        log.returnVoid();
        rt.publish(log);
        t.recycle(t.queue().poll());
      }
      assertEquals(AppThread.INITIAL_WINDOW, t.window());
      assertTrue(seen.size() <= AppThread.INITIAL_WINDOW, seen.size() + " logs used");
      // Nobody validates: the window doubles up to the whole ring, then executions are skipped.
      int taken = 0;
      ClosureLog log;
      while ((log = rt.begin(NOOP, 0)) != null) {
        log.returnVoid();
        rt.publish(log);
        taken++;
        assertTrue(taken <= 1024, "more logs pending than the ring holds");
      }
      assertEquals(1024, t.window());
      assertEquals(1024, taken);
      assertEquals(1024, t.queue().size());
      assertEquals(1, rt.skippedCount());
    }
  }

  @Test
  void theWindowShrinksBackOnceValidatorsCaughtUpButNotPastAPendingLog() {
    try (OrthrusRuntime rt =
        new OrthrusRuntime(config().validators(0).logsPerThread(1024).build())) {
      AppThread t = rt.appThread();
      // A burst nobody validates grows the window to the whole ring.
      for (int i = 0; i < 1024; i++) {
        ClosureLog log = rt.begin(NOOP, 0);
        log.returnVoid();
        rt.publish(log);
      }
      assertEquals(1024, t.window());
      // All but one are validated; the one left pending is in the window's upper half.
      ClosureLog held = null;
      for (ClosureLog log = t.queue().poll(); log != null; log = t.queue().poll()) {
        if (log.ringIndex() == 1000) {
          held = log;
        } else {
          t.recycle(log);
        }
      }
      assertNotNull(held);
      for (int i = 0; i < 4096; i++) {
        ClosureLog log = rt.begin(NOOP, 0);
        if (log == null) {
          continue; // the cursor is at the pending log, and the window is the whole ring
        }
        log.returnVoid();
        rt.publish(log);
        t.recycle(t.queue().poll());
      }
      assertEquals(1024, t.window(), "shrank past a pending log");
      // Once it is validated too, the window halves lap by lap down to where it started.
      t.recycle(held);
      long skipped = rt.skippedCount();
      java.util.Set<ClosureLog> lastLap =
          java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
      for (int i = 0; i < 4096; i++) {
        ClosureLog log = rt.begin(NOOP, 0);
        if (i >= 4096 - AppThread.INITIAL_WINDOW) {
          lastLap.add(log);
        }
        log.returnVoid();
        rt.publish(log);
        t.recycle(t.queue().poll());
      }
      assertEquals(AppThread.INITIAL_WINDOW, t.window());
      assertEquals(AppThread.INITIAL_WINDOW, lastLap.size());
      assertEquals(skipped, rt.skippedCount());
      // The dropped logs were reclaimed: nothing counts as pending once the last ones are.
      t.reclaimValidated();
      assertEquals(0, t.pendingBytes());
    }
  }
}
