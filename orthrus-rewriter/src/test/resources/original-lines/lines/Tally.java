package lines;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.List;

/** A tally whose closures throw at lines the test finds by their markers. */
@UserData
public class Tally {

  private long total;
  private int count;

  /** The tally as a few lines of text: a text block and comments of every kind before the closures. */
  @Closure
  public String describe() {
    /* A block comment
       over two lines. */
    String text = """
        total %d
        count %d
        """.formatted(total, count);
    // A line comment.
    return text;
  }

  /**
   * Adds {@code v}; a negative value is refused after the count moved, so that the exception leaves
   * from the middle of the closure.
   */
  @Closure
  public long add(long v) {
    count = count + 1;
    if (v < 0) {
      throw new IllegalArgumentException("negative " + v); // marker:throw
    }
    total = total + v;
    return total;
  }

  /** Divides the total among the count; throws ArithmeticException when nothing was added. */
  @Closure
  public long share(int parts) {
    long each = // marker:divide
        total
            / (parts - count);
    return each;
  }

  /** Sums through a lambda that fails in a helper. */
  @Closure
  public long sumAll(List<Long> values) {
    values.forEach(
        v -> {
          total = total + checked(v); // marker:lambda
        });
    return total;
  }

  private long checked(long v) {
    if (v == 13) {
      throw new IllegalStateException("unlucky"); // marker:helper
    }
    return v;
  }

  /** A resource of the tally whose close() counts and then fails. */
  @UserData
  public static final class Ledger implements AutoCloseable {
    private long closed;

    @Override
    public void close() {
      closed = closed + 1;
      throw new IllegalStateException("closing " + closed); // marker:close
    }
  }

  /** Adds to {@code other}: two stores in a row that become one version of it. */
  @Closure
  public long absorb(Tally other, long t, int c) {
    other.total = other.total + t; // marker:run
    other.count = other.count + c;
    return other.total;
  }

  /** Adds one inside a try-with-resources whose close() throws where the statement ends. */
  @Closure
  public long settle(Ledger ledger) {
    try (Ledger l = ledger) {
      total = total + 1;
    }
    return total;
  }
}
