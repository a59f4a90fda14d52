package fresh;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A constructor that fills a mutable user-data array field by index and reads its length. */
@UserData
public final class Tree {
  Node[] slots;

  Tree(int n) {
    this.slots = new Node[n];
    for (int i = 0; i < slots.length; i++) {
      slots[i] = new Node(i);
    }
  }

  /** Makes a tree and sums its nodes in the same execution. */
  @Closure
  public static long sum(int n) {
    Tree t = new Tree(n);
    long sum = 0;
    for (int i = 0; i < t.slots.length; i++) {
      sum = sum + t.slots[i].value;
    }
    return sum;
  }
}
