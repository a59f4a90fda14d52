package gaps;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.Iterator;

/**
 * A plain Iterator over user-data nodes, called through the Iterator interface, through a local of
 * its class, and by a for-each over a plain Iterable that makes it.
 */
public class Walk {
  @UserData
  static class Node {
    int hits;
    final Node next;

    Node(Node next) {
      this.next = next;
    }
  }

  static class NodeIt implements Iterator<Integer> {
    Node cur;

    NodeIt(Node head) {
      cur = head;
    }

    @Override
    public boolean hasNext() {
      return cur != null;
    }

    @Override
    public Integer next() {
      int r = cur.hits;
      cur = cur.next;
      return r;
    }
  }

  static final class Nodes implements Iterable<Integer> {
    final Node head;

    Nodes(Node head) {
      this.head = head;
    }

    @Override
    public Iterator<Integer> iterator() {
      return new NodeIt(head);
    }
  }

  @Closure
  static int walk(Node head) {
    head.hits = head.hits + 1;
    Iterator<Integer> it = new NodeIt(head);
    int s = 0;
    while (it.hasNext()) {
      s += it.next();
    }
    return s;
  }

  @Closure
  static int walkOwn(Node head) {
    head.hits = head.hits + 1;
    NodeIt it = new NodeIt(head);
    int s = 0;
    while (it.hasNext()) {
      s += it.next();
    }
    return s;
  }

  @Closure
  static int walkAll(Node head) {
    head.hits = head.hits + 1;
    int s = 0;
    for (int v : new Nodes(head)) {
      s += v;
    }
    return s;
  }

  public static long drive(int rounds) {
    Node head = new Node(new Node(new Node(null)));
    long s = 0;
    for (int i = 0; i < rounds; i++) {
      s += walk(head) + 3L * walkOwn(head) + 7L * walkAll(head);
    }
    return s;
  }
}
