package tree;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** The root of a tree of node kinds: a count of its own, references to nodes in subclasses. */
@UserData
public abstract class Node {
  int visits;

  @Closure
  public static long sum(Node n) {
    if (n == null) {
      return 0;
    }
    n.visits++;
    if (n instanceof Leaf leaf) {
      return leaf.value;
    }
    Inner inner = (Inner) n;
    long s = sum(inner.left) + sum(inner.right);
    if (n instanceof Wide wide) {
      s += sum(wide.middle);
    }
    if (n instanceof Tagged tagged) {
      tagged.tag = tagged.tag.length() > 12 ? "t" : tagged.tag + s % 10;
    }
    return s;
  }

  @Closure
  public static long add(Inner at, long value) {
    Leaf leaf = new Leaf(value);
    if (at.left == null) {
      at.left = leaf;
    } else if (at.right == null) {
      at.right = leaf;
    } else if (at instanceof Wide wide && wide.middle == null) {
      wide.middle = leaf;
    } else {
      Inner next = value % 2 == 0 ? new Inner() : new Tagged("n" + value);
      next.left = at.right;
      at.right = next;
      next.right = leaf;
    }
    return value;
  }

  @Closure
  public static long bump(Leaf leaf, long by) {
    leaf.value += by;
    leaf.visits++;
    return leaf.value;
  }
}
