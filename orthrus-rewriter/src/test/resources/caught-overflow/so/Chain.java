package so;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * A linked chain whose recursive sum answers -1 when the stack runs out (from an outside trial):
 * the application thread overflows where a validator, on its own larger stack, would not.
 */
@UserData
public final class Chain {
  Node head;

  @Closure
  public void push(long v) {
    head = new Node(v, head);
  }

  private static long sumOf(Node n) {
    return n == null ? 0 : n.value + sumOf(n.next);
  }

  @Closure
  public long sumOrFallback() {
    try {
      return sumOf(head);
    } catch (StackOverflowError e) {
      return -1;
    }
  }

  /** The same through a clause that catches everything. */
  @Closure
  public long sumOrZero() {
    try {
      return sumOf(head);
    } catch (Throwable t) {
      return 0;
    }
  }
}
