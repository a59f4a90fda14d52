package b;

import a.Cell;
import a.Node;
import dev.orthrus.annotations.Closure;

/** Static closures walking and pushing onto a list of another package's user data. */
public final class Ops {
  private Ops() {}

  @Closure
  public static long sum(Cell c) {
    long s = 0;
    for (Cell x = c; x != null; x = x.next) {
      s += x.value;
    }
    return s;
  }

  @Closure
  public static void push(Cell head, long v) {
    Cell n = new Cell(v);
    n.next = head.next;
    head.next = n;
    head.value += v;
  }

  public static String run(int rounds) {
    Cell head = new Cell(0);
    Linked linked = new Linked(3);
    Twice twice = new Twice(5);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < rounds; i++) {
      push(head, i);
      out.append(sum(head) % 1000).append(' ');
      out.append(linked.link(i % 2 == 0 ? twice : new Node(i))).append(' ');
      out.append(twice.twice()).append('\n');
      if (i % 10 == 9) {
        head = new Cell(i);
      }
    }
    return out.toString();
  }
}
