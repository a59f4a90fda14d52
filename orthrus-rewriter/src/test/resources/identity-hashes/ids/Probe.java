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

  /** An array's own text holds its identity hash (outside trial 14: reported as corruptions). */
  @Closure
  public int arrayPrintedLength(int k) {
    n++;
    int[] scratch = new int[2];
    return scratch.toString().length();
  }

  @Closure
  public int arrayConcatenatedLength(int k) {
    n++;
    long[] x = new long[1];
    return ("" + x).length();
  }

  @Closure
  public int arrayAppendedLength(int k) {
    n++;
    StringBuilder sb = new StringBuilder();
    sb.append((Object) new int[k % 3]);
    return sb.length();
  }

  @Closure
  public int arrayHashedBit(int k) {
    n++;
    return Objects.hash(new int[1], k) & 1;
  }

  @Closure
  public int arrayHashCodeBit(int k) {
    n++;
    long[] x = new long[k % 2];
    return x.hashCode() & 1;
  }

  /** The elements of an array of arrays print their identity hashes; a deep print does not. */
  @Closure
  public int nestedArraysPrintedLength(int k) {
    n++;
    int[][] rows = {new int[k % 2], new int[1]};
    return java.util.Arrays.toString(rows).length() + java.util.Arrays.deepToString(rows).length();
  }

  /** A list prints its elements' identity hashes, through a toString its interface does not declare. */
  @Closure
  public int listPrintedLength(int k) {
    n++;
    return List.of(new Tag(k)).toString().length();
  }

  record Blob(String k, int[] v) {}

  /** A record prints its array component's identity hash. */
  @Closure
  public int recordPrintedLength(int k) {
    n++;
    return new Blob("k", new int[] {k}).toString().length();
  }

  /** So does an optional of an array, and a list of arrays concatenated into a format argument. */
  @Closure
  public int optionalAndConcatenatedListPrintedLength(int k) {
    n++;
    String s = String.format("%-40s|", "v=" + List.of(new int[] {k}));
    return java.util.Optional.of(new long[1]).toString().length()
        + s.indexOf('|')
        + ("r=" + new Blob("k", new int[1])).length();
  }

  /** A list of arrays prints its arrays' identity hashes. */
  @Closure
  public int listOfArraysPrintedLength(int k) {
    n++;
    return List.of(new int[k % 2]).toString().length();
  }

  /** A lambda prints its class, which differs between the variants, and its identity hash. */
  @Closure
  public int lambdaPrintedLength(int k) {
    n++;
    java.util.function.IntUnaryOperator f = v -> v + k;
    return f.toString().length();
  }

  /** The same through a concatenation and a set of lambdas' hash. */
  @Closure
  public int lambdaConcatenatedLength(int k) {
    n++;
    java.util.function.IntSupplier r = () -> k;
    return ("r=" + r).length() + (java.util.Objects.hash(r) & 1);
  }

  interface Shape {
    int sides();
  }

  static final class Square implements Shape {
    public int sides() {
      return 4;
    }
  }

  /** An object of an interface whose class keeps Object's toString prints its identity hash. */
  @Closure
  public int shapePrintedLength(int k) {
    n++;
    Shape s = new Square();
    return s.toString().length() + s.sides() + k % 2;
  }

  static final class Pt {
    final int x;

    Pt(int x) {
      this.x = x;
    }

    @Override
    public int hashCode() {
      return 31 * super.hashCode() + x;
    }
  }

  /** A hashCode that folds in Object's (super.hashCode(): no override to dispatch to). */
  @Closure
  public int superHashBit(int k) {
    n++;
    return new Pt(k).hashCode() & 1;
  }

  /**
   * The classes of an anonymous comparator and of a lambda made here: each variant has its own, so
   * their names are recorded.
   */
  @Closure
  public int madeClassNames(int k) {
    n++;
    java.util.Comparator<Integer> desc =
        new java.util.Comparator<Integer>() {
          @Override
          public int compare(Integer a, Integer b) {
            return Integer.compare(b, a);
          }
        };
    java.util.function.IntSupplier f = () -> k;
    return desc.getClass().getName().hashCode() ^ f.getClass().getName().hashCode();
  }

  /** A thread prints its name: the application's, not the validator's. */
  @Closure
  public int threadPrintedLength(int k) {
    n++;
    return Thread.currentThread().toString().length() + k % 2;
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
