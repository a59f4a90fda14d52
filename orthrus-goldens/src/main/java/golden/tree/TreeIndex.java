package golden.tree;

import dev.orthrus.annotations.Closure;
import java.util.Arrays;

/**
 * The source that {@code orthrus-testkit}'s hand-written {@code TreeIndex} is the protected form
 * of: an unbalanced binary search tree of long keys with insert and a range scan.
 */
public final class TreeIndex {

  private final Root root = new Root();

  /** Inserts or replaces; true when the key was new. */
  @Closure
  public boolean insert(long key, long value) {
    if (root.top == null) {
      root.top = new Node(key, value);
      root.size = root.size + 1;
      return true;
    }
    Node n = root.top;
    while (true) {
      if (key == n.key) {
        n.value = value;
        return false;
      }
      Node child = key < n.key ? n.left : n.right;
      if (child == null) {
        Node created = new Node(key, value);
        if (key < n.key) {
          n.left = created;
        } else {
          n.right = created;
        }
        root.size = root.size + 1;
        return true;
      }
      n = child;
    }
  }

  /** Up to {@code max} values with keys at least {@code from}, in key order. */
  @Closure
  public long[] scan(long from, int max) {
    long[] out = new long[Math.max(0, max)];
    int[] count = {0};
    scan(root.top, from, out, count);
    return Arrays.copyOf(out, count[0]);
  }

  private void scan(Node n, long from, long[] out, int[] count) {
    if (n == null || count[0] >= out.length) {
      return;
    }
    if (from < n.key) {
      scan(n.left, from, out, count);
    }
    if (n.key >= from && count[0] < out.length) {
      out[count[0]++] = n.value;
    }
    scan(n.right, from, out, count);
  }

  /** The number of keys, read in the control path. */
  public int size() {
    return root.size;
  }
}
