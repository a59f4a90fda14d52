package ids;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.List;
import java.util.Objects;

/**
 * Closures whose results depend on the identity hash of an object they made, through the JDK:
 * APP's and VAL's objects hash differently, so no re-execution can confirm APP's result.
 */
@UserData
public final class Probe {
  long n;

  @Closure
  public int objectsHash(int k) {
    n++;
    return Objects.hash(new Tag(k), "x");
  }

  @Closure
  public int listHash(int k) {
    n++;
    return List.of(new Tag(k)).hashCode();
  }

  @Closure
  public String concatenated(int k) {
    n++;
    return "tag " + new Tag(k);
  }

  @Closure
  public String printed(int k) {
    n++;
    return new Tag(k).toString();
  }

  /** One bit of a hash: re-executions agree by chance half the time, so the call is recorded. */
  @Closure
  public int objectsHashBit(int k) {
    n++;
    return Objects.hash(new Tag(k), "x") & 1;
  }

  @Closure
  public int listHashBit(int k) {
    n++;
    return List.of(new Tag(k)).hashCode() & 1;
  }

  @Closure
  public int printedLength(int k) {
    n++;
    return String.valueOf(new Tag(k)).length();
  }

  /** A builder's text, reduced to one bit of the hash's printed length. */
  @Closure
  public int appendedBit(int k) {
    n++;
    StringBuilder sb = new StringBuilder("t");
    sb.append(new Tag(k));
    return sb.length() & 1;
  }

  /** Its own text reads its field: the concatenation's toString runs the program's code. */
  @Closure
  public String described(int k) {
    n++;
    return "probe " + this + " at " + k;
  }

  @Override
  public String toString() {
    return "n=" + n;
  }

  @Closure
  public long plain(int k) {
    n += k;
    return n;
  }
}
