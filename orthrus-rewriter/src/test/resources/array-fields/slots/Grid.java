package slots;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A constructor that fills its user-data array row by row, and a closure that makes a new grid. */
@UserData
public final class Grid {
  private final Node[] rows;
  private long sums;

  public Grid(int n) {
    rows = new Node[n];
    for (int i = 0; i < n; i++) {
      rows[i] = new Node(i);
    }
    if (rows[0] == null) {
      throw new IllegalStateException("row 0 missing");
    }
  }

  /**
   * Makes a grid of {@code n} rows (an allocation the validator repeats, its constructor filling
   * the validator's own array) and counts it.
   */
  @Closure
  public static long fresh(int n) {
    Grid g = new Grid(n);
    g.sums = g.sums + n;
    return g.sums;
  }
}
