package dev.orthrus.runtime.validate;

import static dev.orthrus.runtime.validate.TestValidators.checkOnAValidator;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.MismatchKind;
import dev.orthrus.runtime.api.ResultKind;
import dev.orthrus.runtime.api.SlotVersion;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.api.VersionedArray;
import org.junit.jupiter.api.Test;

/**
 * Objects a validator makes outside the closure's own allocations (a constructor's new objects, a
 * new array) stand for the application's at their first access, where the log names the object APP
 * reached (decision 0046); a pairing the log contradicts is still a divergence.
 */
class MadeObjectsTest {

  private static ClosureLog log(ClosureBinding closure, Version[] loads, long result) {
    return TestValidators.log(closure, new Object[0], loads, ResultKind.BITS, result, null);
  }

  /** APP made a blob holding {@code {7}} (unlogged, as a constructor would) and loaded it. */
  private static Version appLoadOfItsNewBlob() {
    return new Blob(new byte[] {7}).lvVersion();
  }

  @Test
  void aNewObjectStandsForTheOneTheLogNames() throws InterruptedException {
    ClosureBinding reads =
        ClosureBinding.of(
            "T#fresh()",
            "fresh",
            (log, r) -> {
              Blob mine = new Blob(new byte[] {7});
              // Plain code may read what the validator made itself.
              byte plain = mine.lvVersion().data[0];
              r.returnBits(r.load(mine).data[0] + plain);
            });
    Object outcome = checkOnAValidator(log(reads, new Version[] {appLoadOfItsNewBlob()}, 14));
    assertNull(outcome, String.valueOf(outcome));
  }

  @Test
  void twoNewObjectsCannotStandForOne() throws InterruptedException {
    ClosureBinding reads =
        ClosureBinding.of(
            "T#two()",
            "two",
            (log, r) -> {
              r.load(new Blob(new byte[] {7}));
              r.load(new Blob(new byte[] {7}));
              r.returnBits(0);
            });
    Version app = appLoadOfItsNewBlob();
    Object outcome = checkOnAValidator(log(reads, new Version[] {app, app}, 0));
    assertTrue(outcome instanceof Mismatch, String.valueOf(outcome));
    assertEquals(MismatchKind.LOAD_DIVERGED, ((Mismatch) outcome).kind());
  }

  @Test
  void aNewArrayOfAnotherLengthIsNotTheOneAppRead() throws InterruptedException {
    VersionedArray<String> appArray = new VersionedArray<>(4);
    ClosureBinding reads =
        ClosureBinding.of(
            "T#array()",
            "array",
            (log, r) -> {
              r.loadSlot(new VersionedArray<String>(5), 0);
              r.returnBits(0);
            });
    Version appRead = new SlotVersion<>(appArray, 0, null);
    Object outcome = checkOnAValidator(log(reads, new Version[] {appRead}, 0));
    assertTrue(outcome instanceof Mismatch, String.valueOf(outcome));
    assertEquals(MismatchKind.LOAD_DIVERGED, ((Mismatch) outcome).kind());
  }
}
