package dev.orthrus.runtime.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.FieldSink;
import dev.orthrus.runtime.api.MismatchKind;
import dev.orthrus.runtime.api.Replay;
import dev.orthrus.runtime.api.ResultKind;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.api.VersionedObject;
import org.junit.jupiter.api.Test;

/**
 * A program that writes into an array of user data outside any closure (a closure returned it, the
 * caller changed it; or the caller passed it, a closure stored it, and the caller changed its own
 * array) makes APP and VAL read or write different values: their outputs may differ, and that is
 * not the application core's doing. The same difference with the data as it was published is.
 */
class ChangedInPlaceTest {

  /** {@code @Closure static long sum(Blob b) { long s = 0; for (byte x : b.data) s += x; ...} */
  private static final ClosureBinding SUM =
      ClosureBinding.of(
          "T#sum(Blob)", "sum", (log, r) -> r.returnBits(sum(r.load((Blob) log.refArg(0)).data)));

  private static long sum(byte[] data) {
    long s = 0;
    for (byte x : data) {
      s += x;
    }
    return s;
  }

  private static ClosureLog logOfSum(Blob blob, Blob.V read, long appResult) {
    return TestValidators.log(
        SUM, new Object[] {blob}, new Version[] {read}, ResultKind.BITS, appResult, null);
  }

  @Test
  void dataTheProgramChangedAfterTheExecutionIsNotValidatedRatherThanDetected() {
    byte[] data = {1, 2, 3};
    Blob blob = new Blob(data);
    Blob.V read = blob.lvVersion();
    ClosureLog log = logOfSum(blob, read, sum(data));
    data[0] = 10; // the caller writes into the array a closure handed out
    assertNotValidatedAsChangedInPlace(log);
  }

  @Test
  void aWrongResultOnDataAsPublishedIsStillADetection() {
    byte[] data = {1, 2, 3};
    Blob blob = new Blob(data);
    Blob.V read = blob.lvVersion();
    ClosureLog log = logOfSum(blob, read, sum(data) + 1); // the faulty core's sum
    Mismatch m = Validator.check(log, new Replay(), new OutputComparator());
    assertEquals(MismatchKind.RESULT, m == null ? null : m.kind());
  }

  /** {@code @Closure static void keep(Blob b, byte[] src) { b.data = src; }} */
  private static final ClosureBinding KEEP =
      ClosureBinding.of(
          "T#keep(Blob,byte[])",
          "keep",
          (log, r) -> {
            Blob b = (Blob) log.refArg(0);
            r.store(b, new Blob.V(b, (byte[]) log.refArg(1)));
            r.returnVoid();
          });

  private static ClosureLog logOfKeep(Blob blob, byte[] passed, Blob.V stored) {
    return ClosureLog.restore(
        KEEP,
        0,
        0,
        "app",
        null,
        new Object[] {blob, passed.clone()}, // the log keeps a copy of a caller's array
        new long[0],
        new Version[0],
        new Version[] {stored},
        new Object[0],
        new long[0],
        new Object[0],
        ResultKind.VOID,
        0,
        null);
  }

  @Test
  void anArrayTheCallerPassedAndChangedAfterAClosureKeptItIsNotValidatedRatherThanDetected() {
    byte[] mine = {1, 2};
    Blob blob = new Blob(new byte[0]);
    Blob.V stored = new Blob.V(blob, mine); // APP stored the caller's own array
    ClosureLog log = logOfKeep(blob, mine, stored);
    mine[0] = 100; // the caller changes its array afterwards: user data changes with it
    assertNotValidatedAsChangedInPlace(log);
  }

  @Test
  void aWrongStoreOfTheArrayAsPassedIsStillADetection() {
    byte[] mine = {1, 2};
    Blob blob = new Blob(new byte[0]);
    ClosureLog log = logOfKeep(blob, mine, new Blob.V(blob, new byte[] {1, 3})); // faulty copy
    Mismatch m = Validator.check(log, new Replay(), new OutputComparator());
    assertEquals(MismatchKind.STORE, m == null ? null : m.kind());
    // The field by its name in the user-data class, and the class.
    assertEquals("field data of store #0 (Blob)", m.detail());
  }

  /** {@code @UserData final class Price { double amount; }}, written by hand as generated. */
  static final class Price extends VersionedObject<Price.V> {
    private static final long serialVersionUID = 1L;

    Price(double amount) {
      soVersion(new V(this, amount));
    }

    static final class V extends Version {
      private static final long serialVersionUID = 1L;
      final double amount;

      V(Price owner, double amount) {
        super(owner);
        this.amount = amount;
        seal();
      }

      @Override
      public void fields(FieldSink sink) {
        sink.bits(Double.doubleToLongBits(amount));
      }
    }
  }

  /** A stored double is shown as the number, not only as its bits. */
  @Test
  void aWrongDoubleStoredIsShownAsANumber() {
    Price price = new Price(1.0);
    ClosureBinding reprice =
        ClosureBinding.of(
            "T#reprice(Price)",
            "reprice",
            (log, r) -> {
              Price p = (Price) log.refArg(0);
              r.store(p, new Price.V(p, 542.375));
              r.returnVoid();
            });
    ClosureLog log =
        ClosureLog.restore(
            reprice,
            0,
            0,
            "app",
            null,
            new Object[] {price},
            new long[0],
            new Version[0],
            new Version[] {new Price.V(price, 542.384765625)}, // the faulty core's value
            new Object[0],
            new long[0],
            new Object[0],
            ResultKind.VOID,
            0,
            null);
    Mismatch m = Validator.check(log, new Replay(), new OutputComparator());
    assertEquals("field amount of store #0 (Price)", m == null ? null : m.detail());
    assertEquals("542.375 (0x4080f30000000000)", m.expected());
    assertEquals("542.384765625 (0x4080f31400000000)", m.actual());
  }

  private static void assertNotValidatedAsChangedInPlace(ClosureLog log) {
    NotValidatedException e =
        assertThrows(
            NotValidatedException.class,
            () -> Validator.check(log, new Replay(), new OutputComparator()));
    assertTrue(e.getMessage().contains("changed it in place"), e.getMessage());
  }
}
