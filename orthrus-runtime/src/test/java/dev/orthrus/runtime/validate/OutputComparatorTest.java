package dev.orthrus.runtime.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.annotations.Comparison;
import dev.orthrus.runtime.api.BytesDigest;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.MismatchKind;
import dev.orthrus.runtime.api.Replay;
import dev.orthrus.runtime.api.ResultKind;
import dev.orthrus.runtime.api.Version;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Outputs of two faithful executions are the same value even where their {@code equals} says
 * otherwise (arrays inside records and collections are compared by identity there), and a
 * difference inside them is still one.
 */
class OutputComparatorTest {

  record Packet(String topic, byte[] payload) {}

  private static boolean same(Object app, Object val) {
    return OutputComparator.sameValue(app, val, null, Comparison.EQUALS);
  }

  /** Two NaNs with different bits: what an operation on NaNs gives depends on the JIT's code. */
  private static final double NAN_A = Double.longBitsToDouble(0x7ff8000000000000L);

  private static final double NAN_B = Double.longBitsToDouble(0xfff8000000000123L);

  /**
   * Every NaN is one value, boxed, in arrays, in records and under {@code RAW_BITS}; {@code -0.0}
   * and {@code 0.0} stay two (decision 0060). With raw bits, a sum of two NaNs returned by a
   * closure was a detection whenever APP's code and VAL's added them in a different order.
   */
  @Test
  void nansWithDifferentBitsAreOneValueAndSignedZerosAreTwo() {
    assertTrue(same(NAN_A, NAN_B));
    assertTrue(same((float) NAN_A, Float.intBitsToFloat(0xffc00001)));
    assertTrue(same(new double[] {1, NAN_A}, new double[] {1, NAN_B}));
    assertTrue(same(new float[] {Float.NaN}, new float[] {Float.intBitsToFloat(0x7fc00005)}));
    assertTrue(same(new Mean(NAN_A), new Mean(NAN_B)), "a class whose equals says NaN != NaN");
    assertTrue(
        OutputComparator.sameValue(new Mean(NAN_A), new Mean(NAN_B), null, Comparison.RAW_BITS));
    assertFalse(same(0.0, -0.0));
    assertFalse(same(new double[] {0.0}, new double[] {-0.0}));
  }

  @Test
  void aRecordHoldingAnArrayIsComparedByItsContents() {
    assertTrue(same(new Packet("t", new byte[] {1, 2}), new Packet("t", new byte[] {1, 2})));
    assertFalse(same(new Packet("t", new byte[] {1, 2}), new Packet("t", new byte[] {1, 3})));
    assertFalse(same(new Packet("t", new byte[] {1, 2}), new Packet("u", new byte[] {1, 2})));
  }

  @Test
  void theJdksObjectsWithIdentityEqualsAreComparedByWhatTheyHold() {
    // Reflection cannot read their fields; their equals is identity, and VAL's are new objects.
    assertTrue(same(new StringBuilder("ab"), new StringBuilder("ab")));
    assertFalse(same(new StringBuilder("ab"), new StringBuilder("ac")));
    assertTrue(same(new StringBuffer("x"), new StringBuffer("x")));
    assertTrue(same(new AtomicLong(7), new AtomicLong(7)));
    assertFalse(same(new AtomicLong(7), new AtomicLong(8)));
    assertTrue(same(new AtomicBoolean(true), new AtomicBoolean(true)));
    assertFalse(same(new AtomicReference<>("a"), new AtomicReference<>("b")));
    assertTrue(same(new AtomicReference<>("a"), new AtomicReference<>("a")));
    assertTrue(
        same(
            new java.util.concurrent.atomic.AtomicIntegerArray(new int[] {1, 2}),
            new java.util.concurrent.atomic.AtomicIntegerArray(new int[] {1, 2})));
    assertFalse(
        same(
            new java.util.concurrent.atomic.AtomicIntegerArray(new int[] {1, 2}),
            new java.util.concurrent.atomic.AtomicIntegerArray(new int[] {1, 3})));
    assertFalse(same(new StringBuilder("ab"), new StringBuffer("ab")), "another class");
  }

  /** A result class whose equals compares a double with ==, so NaN is never equal to itself. */
  static final class Mean {
    final double mean;

    Mean(double mean) {
      this.mean = mean;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Mean m && m.mean == mean;
    }

    @Override
    public int hashCode() {
      return Double.hashCode(mean);
    }
  }

  @Test
  void anEqualsThatCallsTheSameBitsDifferentIsOverruledByTheFields() {
    assertTrue(same(new Mean(Double.NaN), new Mean(Double.NaN)));
    assertFalse(same(new Mean(1.0), new Mean(2.0)));
    assertFalse(same(new Mean(Double.NaN), new Mean(0.0)));
  }

  /** A class whose equals is Object's. */
  static final class Tag {
    final String name;

    Tag(String name) {
      this.name = name;
    }
  }

  /** Two lambdas made by the same code, as APP's and VAL's variants each make theirs. */
  private static java.util.function.LongSupplier times(long k) {
    return () -> k * 3;
  }

  private static java.util.function.LongSupplier plus(long k) {
    return () -> k + 3;
  }

  @Test
  void objectsWithoutAnEqualsOfTheirOwnAreComparedByTheirFields() {
    assertTrue(same(new Tag("a"), new Tag("a")));
    assertFalse(same(new Tag("a"), new Tag("b")));
  }

  @Test
  void lambdasAreComparedByWhatTheyCaptured() {
    assertTrue(same(times(2), times(2)));
    assertFalse(same(times(2), times(5)));
    // Another lambda's class that captures the same value: compared as captures, the same.
    assertTrue(same(times(2), plus(2)));
    assertFalse(same(times(2), (Runnable) () -> {}));
  }

  @Test
  void collectionsOfRecordsHoldingArraysAreComparedElementByElement() {
    List<Packet> app = new ArrayList<>(List.of(pkt("a", 1), pkt("b", 2)));
    List<Packet> val = new ArrayList<>(List.of(pkt("a", 1), pkt("b", 2)));
    assertTrue(same(app, val));
    assertTrue(same(List.of(pkt("a", 1)), List.of(pkt("a", 1))));
    val.set(1, pkt("b", 9));
    assertFalse(same(app, val));
    // A list's order is its value.
    assertFalse(same(app, new ArrayList<>(List.of(app.get(1), app.get(0)))));
  }

  @Test
  void setsAndMapsMatchWhateverTheirIterationOrder() {
    Set<Packet> app = new LinkedHashSet<>(List.of(pkt("a", 1), pkt("b", 2)));
    Set<Packet> val = new LinkedHashSet<>(List.of(pkt("b", 2), pkt("a", 1)));
    assertTrue(same(app, val));
    assertFalse(same(app, new LinkedHashSet<>(List.of(pkt("b", 2), pkt("a", 7)))));
    Map<String, byte[]> x = new LinkedHashMap<>();
    x.put("k", new byte[] {1, 2});
    x.put("l", new byte[] {3});
    Map<String, byte[]> y = new LinkedHashMap<>();
    y.put("l", new byte[] {3});
    y.put("k", new byte[] {1, 2});
    assertTrue(same(x, y));
    y.put("k", new byte[] {1, 4});
    assertFalse(same(x, y));
    y.remove("l");
    y.put("k", new byte[] {1, 2});
    assertFalse(same(x, y));
    assertFalse(same(new HashMap<>(x), new HashMap<>(Map.of("k", new byte[] {1, 2}))));
  }

  @Test
  void stringsThatDifferOnlyInIdentityHashesAreTheSame() {
    // "made " + new Item(): APP's and VAL's new objects print different identity hashes.
    assertTrue(same("made t.Item@1b6d3586", "made t.Item@4554617c"));
    assertTrue(
        same(
            new Packet("t.Item@1b6d3586", new byte[] {1}),
            new Packet("t.Item@2a", new byte[] {1})));
    assertFalse(same("made t.Item@1b6d3586 of 3", "made t.Item@4554617c of 4"));
    assertFalse(same("a", "b"));
    // Printed by Object.toString of a class without a package, an array, a lambda.
    assertTrue(same("made Unpackaged@1b6d3586", "made Unpackaged@4554617c"));
    assertTrue(same("[I@1b6d3586", "[I@4554617c"));
    assertTrue(
        same("t.Main$$Lambda/0x0000000800c03000@1b6d3586", "t.Main$$Lambda/0x0000000800c03000@2a"));
  }

  /**
   * A program's own text of the shape word@hex is not an identity hash: a corruption of its digits
   * is a difference (an outside trial's SKU4x198@611 came out as SKU4x198@16995 undetected).
   */
  @Test
  void aProgramsOwnTextOfThatShapeKeepsItsDigits() {
    assertFalse(same("SKU4x198@611", "SKU4x198@16995"));
    assertTrue(same("SKU4x198@611", "SKU4x198@611"));
  }

  @Test
  void anOptionalIsComparedByWhatItHolds() {
    assertTrue(same(Optional.of(new byte[] {5}), Optional.of(new byte[] {5})));
    assertFalse(same(Optional.of(new byte[] {5}), Optional.of(new byte[] {6})));
    assertFalse(same(Optional.of(new byte[] {5}), Optional.empty()));
  }

  private static Packet pkt(String topic, int b) {
    return new Packet(topic, new byte[] {(byte) b});
  }

  private static boolean sameMessage(Throwable a, Throwable v) {
    return OutputComparator.sameMessage(a.getClass(), a.getMessage(), v.getClass(), v.getMessage());
  }

  @Test
  void theJvmsExceptionsWithoutAMessageMatchTheSameExceptionsWithOne() {
    // Compiled code may throw these preallocated, without a message (fast throw).
    assertTrue(sameMessage(new ArithmeticException(), new ArithmeticException("/ by zero")));
    assertTrue(
        sameMessage(
            new ArrayIndexOutOfBoundsException("Index 5 out of bounds for length 4"),
            new ArrayIndexOutOfBoundsException((String) null)));
    // Two messages that differ still differ, and other exceptions need the same message.
    assertFalse(
        sameMessage(
            new ArrayIndexOutOfBoundsException("Index 5 out of bounds for length 4"),
            new ArrayIndexOutOfBoundsException("Index 6 out of bounds for length 4")));
    assertFalse(sameMessage(new IllegalStateException(), new IllegalStateException("taken")));
  }

  /**
   * A {@code ClassCastException} names the class of the object: a lambda's or an anonymous class's
   * differs between the APP and VAL variants, each of which has its own (582 detections in 1,000
   * fault-free executions). Other differences in the message still count.
   */
  @Test
  void theClassesEachVariantHasItsOwnOfAreTheSameClassInAMessage() {
    String appLambda =
        "class t.Main$$Lambda$47/0x00007f906001d570 cannot be cast to class java.lang.Comparable"
            + " (t.Main$$Lambda$47/0x00007f906001d570 is in unnamed module of loader 'app')";
    String valLambda =
        "class t.Main$$Lambda$52/0x00007f906001e000 cannot be cast to class java.lang.Comparable"
            + " (t.Main$$Lambda$52/0x00007f906001e000 is in unnamed module of loader 'app')";
    assertTrue(sameMessage(new ClassCastException(appLambda), new ClassCastException(valLambda)));
    assertTrue(
        sameMessage(
            new ClassCastException("class t.Main$3 cannot be cast to class java.lang.Comparable"),
            new ClassCastException("class t.Main$7 cannot be cast to class java.lang.Comparable")));
    assertTrue(
        sameMessage(
            new IllegalStateException("t.Main$1Local@1b6d3586 is closed"),
            new IllegalStateException("t.Main$2Local@4554617c is closed")));
    assertFalse(
        sameMessage(
            new ClassCastException("class t.Main$3 cannot be cast to class java.lang.Comparable"),
            new ClassCastException("class t.Main$3 cannot be cast to class java.lang.Runnable")));
    assertFalse(
        sameMessage(
            new IllegalArgumentException("price 100"), new IllegalArgumentException("price 101")));
  }

  @Test
  void aReturnedArrayTheCallerChangedIsTheSameOutputWhenTheValidatorReturnsIt() {
    ClosureBinding binding = ClosureBinding.of("T#memo()", "memo", (log, r) -> {});
    byte[] stored = {1, 2, 3}; // say, an array of user data the closure returns as it is
    ClosureLog log =
        TestValidators.log(binding, new Object[0], new Version[0], ResultKind.NONE, 0, null);
    log.returnRef(stored);
    stored[0] = 42; // the caller writes into it after the call
    Replay same = new Replay();
    same.reset(log);
    same.returnRef(stored);
    assertNull(new OutputComparator().compare(log, same));
    // Another array with those contents is compared by contents: APP's as they were returned.
    Replay other = new Replay();
    other.reset(log);
    other.returnRef(stored.clone());
    Mismatch m = new OutputComparator().compare(log, other);
    assertEquals(MismatchKind.RESULT, m == null ? null : m.kind());
  }

  @Test
  void aReturnedByteArrayIsComparedByItsDigestAndReportedByItsBytes() {
    ClosureBinding binding = ClosureBinding.of("T#reply()", "reply", (log, r) -> {});
    byte[] reply = {10, 20, 30};
    ClosureLog log =
        TestValidators.log(binding, new Object[0], new Version[0], ResultKind.NONE, 0, null);
    log.returnRef(reply);
    assertEquals(BytesDigest.of(new byte[] {10, 20, 30}), log.resultRef());

    Replay same = new Replay();
    same.reset(log);
    same.returnRef(new byte[] {10, 20, 30});
    assertNull(new OutputComparator().compare(log, same));

    for (byte[] differs : List.of(new byte[] {10, 21, 30}, new byte[] {10, 20}, new byte[0])) {
      Replay other = new Replay();
      other.reset(log);
      other.returnRef(differs);
      Mismatch m = new OutputComparator().compare(log, other);
      assertEquals(MismatchKind.RESULT, m == null ? null : m.kind(), Arrays.toString(differs));
      assertEquals("byte[3] [10, 20, 30]", m.actual(), "APP's array, unchanged since");
    }

    reply[1] = 0; // the caller reuses the array: the report falls back to the digest
    Replay other = new Replay();
    other.reset(log);
    other.returnRef(new byte[] {10, 21, 30});
    Mismatch m = new OutputComparator().compare(log, other);
    assertEquals(BytesDigest.of(new byte[] {10, 20, 30}).toString(), m.actual());
  }

  static double area(double radius) {
    return Math.PI * radius * radius;
  }

  static boolean fits(int size) {
    return size < 10;
  }

  /** A primitive result is reported as the closure's declared type shows it, beside its bits. */
  @Test
  void aPrimitiveResultIsReportedAsItsDeclaredType() {
    String owner = OutputComparatorTest.class.getName();
    assertEquals(
        "3.0 (0x4008000000000000)",
        returnValueMismatch(owner + "#area(double)", Double.doubleToLongBits(3.0), 0).actual());
    assertEquals("true (0x1)", returnValueMismatch(owner + "#fits(int)", 1, 0).actual());
    assertEquals(
        "7 (0x7)",
        returnValueMismatch(owner + "#gone(int)", 7, 0).actual(),
        "an id that names no method: the bits as a long");
  }

  private static Mismatch returnValueMismatch(String id, long appBits, long valBits) {
    ClosureBinding binding = ClosureBinding.of(id, "c", (log, r) -> {});
    ClosureLog log =
        TestValidators.log(binding, new Object[0], new Version[0], ResultKind.NONE, 0, null);
    log.returnBits(appBits);
    Replay replay = new Replay();
    replay.reset(log);
    replay.returnBits(valBits);
    Mismatch m = new OutputComparator().compare(log, replay);
    assertEquals(MismatchKind.RESULT, m == null ? null : m.kind());
    return m;
  }

  /** A node of a plain class, with Object's equals, as a closure links them into a structure. */
  static final class Cell {
    final long head;
    Cell next;
    Cell prev;

    Cell(long head, Cell next) {
      this.head = head;
      this.next = next;
    }
  }

  /** {@code n} cells, newest first; with {@code backLinks}, each also points at its predecessor. */
  private static Cell chain(int n, boolean backLinks, long changedAt) {
    Cell c = null;
    for (int i = 0; i < n; i++) {
      Cell older = c;
      c = new Cell(i == changedAt ? -i : i, older);
      if (backLinks && older != null) {
        older.prev = c;
      }
    }
    return c;
  }

  /**
   * A structure of new plain objects deeper than the comparison recurses: before, cells beyond 16
   * levels were compared by their identity equals, and every faithful execution that stored a list
   * of 17 new cells was reported.
   */
  @Test
  void aLongChainOfNewObjectsIsComparedToItsEnd() {
    assertTrue(same(chain(40, false, -1), chain(40, false, -1)));
    assertTrue(same(chain(200_000, false, -1), chain(200_000, false, -1)), "no deep recursion");
    assertFalse(same(chain(200_000, false, -1), chain(200_000, false, 150_000)));
    assertFalse(same(chain(40, false, -1), chain(41, false, -1)));
  }

  @Test
  void cyclesEndWhereTheyClose() {
    assertTrue(same(chain(1_000, true, -1), chain(1_000, true, -1)));
    assertFalse(same(chain(1_000, true, -1), chain(1_000, true, 999)));
    assertFalse(same(chain(1_000, true, -1), chain(1_000, true, 3)));
    Cell a = new Cell(1, null);
    a.next = a;
    Cell v = new Cell(1, null);
    v.next = v;
    assertTrue(same(a, v));
    Cell w = new Cell(1, new Cell(1, null));
    assertFalse(same(a, w), "a cycle against a chain that ends");
    assertTrue(same(List.of(a, a), List.of(v, v)));
  }

  /**
   * Sets of deep structures: each trial pairing of an element is settled before the next, so a
   * difference left for later does not fail the pairing that is right.
   */
  @Test
  void unorderedElementsDeeperThanTheRecursionArePairedByWhatTheyHold() {
    Set<Object> app = new LinkedHashSet<>(List.of(chain(30, false, -1), chain(30, false, 20)));
    Set<Object> val = new LinkedHashSet<>(List.of(chain(30, false, 20), chain(30, false, -1)));
    assertTrue(same(app, val));
    Set<Object> other = new LinkedHashSet<>(List.of(chain(30, false, 21), chain(30, false, -1)));
    assertFalse(same(app, other));
  }
}
