package fresh;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A constructor that makes a user-data array and fills it with new nodes. */
@UserData
public final class Grid {
  private final Node[] rows;

  Grid(int n) {
    rows = new Node[n];
    for (int i = 0; i < n; i++) {
      rows[i] = new Node(i);
    }
  }

  /** Makes a grid and reads its last row's node in the same execution. */
  @Closure
  public static long last(int n) {
    Grid g = new Grid(n);
    return g.rows[n - 1].value + g.rows.length;
  }

  /** Makes a grid and writes into one of its new nodes. */
  @Closure
  public static long bump(int n) {
    Grid g = new Grid(n);
    Node first = g.rows[0];
    first.value = first.value + 5;
    return first.value;
  }
}
