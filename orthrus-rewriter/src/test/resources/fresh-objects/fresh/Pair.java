package fresh;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A final field and a mutable field, each holding a node the constructor makes. */
@UserData
public final class Pair {
  private final Node left;
  private Node right;

  Pair(long l, long r) {
    left = new Node(l);
    right = new Node(r);
  }

  /** Makes a pair and does nothing else with it: its new nodes are still outputs. */
  @Closure
  public static boolean make(long l) {
    return new Pair(l, l + 1) != null;
  }

  /** Makes a pair, reads both nodes and writes one. */
  @Closure
  public static long sum(long l) {
    Pair p = new Pair(l, 2 * l);
    p.right.value = p.right.value + p.left.value;
    return p.right.value;
  }

  /** Makes a pair and replaces its mutable node. */
  @Closure
  public static long swap(long l) {
    Pair p = new Pair(l, l);
    p.right = new Node(p.left.value + 1);
    return p.right.value;
  }
}
