package dev.orthrus.runtime.validate;

import static dev.orthrus.runtime.validate.TestValidators.checkOnAValidator;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.MismatchKind;
import dev.orthrus.runtime.api.ResultKind;
import dev.orthrus.runtime.api.Version;
import dev.orthrus.runtime.api.VersionedArray;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A closure can reach code the rewriter cannot see (an interface's default method, {@code close()}
 * of a try-with-resources, an implicit {@code toString()}); that code runs its plain variant. On a
 * validator it must neither read the application's live data (the validator would compute on other
 * values than the application and report a healthy core) nor write it (the application's data would
 * change twice): the execution is not validated instead.
 */
class UninstrumentedCodeTest {

  private static ClosureLog logOf(ClosureBinding closure, Blob blob, long result) {
    return TestValidators.log(
        closure, new Object[] {blob}, new Version[0], ResultKind.BITS, result, null);
  }

  @Test
  void aPlainReadOnAValidatorIsNotValidatedNotADetection() throws InterruptedException {
    ClosureBinding reads =
        ClosureBinding.of(
            "T#first(Blob)",
            "first",
            (log, r) -> r.returnBits(((Blob) log.refArg(0)).lvVersion().data[0]));
    Blob blob = new Blob(new byte[] {7});
    // The application read 5 before a later closure stored 7: the live value is not APP's.
    Object outcome = checkOnAValidator(logOf(reads, blob, 5));
    assertTrue(outcome instanceof NotValidatedException, String.valueOf(outcome));
    String reason = ((NotValidatedException) outcome).getMessage();
    assertTrue(reason.contains("did not instrument") && reason.contains("plain read"), reason);
  }

  /**
   * The program catches everything around the call the rewriter could not see ({@code catch
   * (Throwable t)}) and goes on with a fallback: the refusal still makes the execution not
   * validated, where the fallback would have differed from APP's result (trial 7: a false
   * detection).
   */
  @Test
  void aRefusalTheProgramCatchesIsStillNotValidated() throws InterruptedException {
    ClosureBinding catches =
        ClosureBinding.of(
            "T#firstOr(Blob)",
            "firstOr",
            (log, r) -> {
              long value;
              try {
                value = ((Blob) log.refArg(0)).lvVersion().data[0];
              } catch (Throwable t) {
                value = -1;
              }
              r.returnBits(value);
            });
    Object outcome = checkOnAValidator(logOf(catches, new Blob(new byte[] {7}), 7));
    assertTrue(outcome instanceof NotValidatedException, String.valueOf(outcome));
    assertTrue(((NotValidatedException) outcome).getMessage().contains("plain read"));
  }

  /**
   * A closure returns a map holding user data whose class overrides {@code equals} (reading its
   * fields, as a user's does): comparing the results calls no user {@code equals}, which would read
   * APP's live object and leave the execution not validated; the elements compare by what was
   * logged.
   */
  @Test
  void aResultMapHoldingUserDataComparesWithoutTheUsersEquals() throws InterruptedException {
    EqualBlob blob = new EqualBlob(new byte[] {7});
    ClosureBinding index =
        ClosureBinding.of(
            "T#index(EqualBlob)",
            "index",
            (log, r) -> r.returnRef(new java.util.TreeMap<>(Map.of("k", log.refArg(0)))));
    ClosureLog log =
        TestValidators.log(
            index,
            new Object[] {blob},
            new Version[0],
            ResultKind.REF,
            0,
            new java.util.TreeMap<>(Map.of("k", blob)));
    Object outcome = checkOnAValidator(log);
    assertNull(outcome, String.valueOf(outcome));
  }

  /** User data with an {@code equals} of its own that reads its fields. */
  static final class EqualBlob extends Blob {
    private static final long serialVersionUID = 1L;

    EqualBlob(byte[] data) {
      super(data);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof EqualBlob other
          && java.util.Arrays.equals(lvVersion().data, other.lvVersion().data);
    }

    @Override
    public int hashCode() {
      return java.util.Arrays.hashCode(lvVersion().data);
    }
  }

  @Test
  void aPlainReadOfAnArraySlotOnAValidatorIsNotValidated() throws InterruptedException {
    VersionedArray<String> names = new VersionedArray<>(1);
    names.soValue(0, "new");
    ClosureBinding reads =
        ClosureBinding.of(
            "T#name(VersionedArray)",
            "name",
            (log, r) -> {
              @SuppressWarnings("unchecked")
              VersionedArray<String> a = (VersionedArray<String>) log.refArg(0);
              r.returnBits(a.lvValue(0).length());
            });
    // The application read "old" before the control path stored "new".
    ClosureLog log =
        TestValidators.log(reads, new Object[] {names}, new Version[0], ResultKind.BITS, 3, null);
    Object outcome = checkOnAValidator(log);
    assertTrue(outcome instanceof NotValidatedException, String.valueOf(outcome));
    assertTrue(((NotValidatedException) outcome).getMessage().contains("plain read"));
  }

  @Test
  void aPlainStoreOnAValidatorNeverReachesTheApplicationsData() throws InterruptedException {
    ClosureBinding writes =
        ClosureBinding.of(
            "T#close(Blob)",
            "close",
            (log, r) -> {
              Blob b = (Blob) log.refArg(0);
              b.soVersion(new Blob.V(b, new byte[] {9}));
              r.returnBits(0);
            });
    Blob blob = new Blob(new byte[] {1});
    Object outcome = checkOnAValidator(logOf(writes, blob, 0));
    assertTrue(outcome instanceof NotValidatedException, String.valueOf(outcome));
    assertArrayEquals(new byte[] {1}, blob.lvVersion().data, "the validator wrote live data");
  }

  @Test
  void objectsAValidatorAllocatesAreStillItsOwnToBuild() throws InterruptedException {
    ClosureBinding allocates =
        ClosureBinding.of(
            "T#make()",
            "make",
            (log, r) -> r.returnBits(r.allocate(new Blob(new byte[] {3})) != null ? 1 : 0));
    ClosureLog log =
        TestValidators.log(allocates, new Object[0], new Version[0], ResultKind.BITS, 1, null);
    Object outcome = checkOnAValidator(log);
    // The validator's own new object takes its first version; APP logged no allocation, so the
    // outputs differ in the number of allocations, which is a finding, not a refusal.
    assertTrue(outcome instanceof Mismatch, String.valueOf(outcome));
    assertEquals(MismatchKind.STORE, ((Mismatch) outcome).kind());
  }
}
