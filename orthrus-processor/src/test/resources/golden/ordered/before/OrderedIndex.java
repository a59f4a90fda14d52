package demo.ordered;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.ArrayDeque;
import java.util.Deque;

/** An ordered index of long keys: an unbalanced binary search tree whose operations are closures. */
@UserData
public final class OrderedIndex {

  private Node root;
  private int size;

  /** Adds or replaces {@code key}; returns true when the key was new. */
  @Closure
  public boolean insert(long key, long value) {
    if (root == null) {
      root = new Node(key, value);
      size++;
      return true;
    }
    Node parent = root;
    while (true) {
      int order = Long.compare(key, parent.key);
      if (order == 0) {
        parent.value = value;
        return false;
      }
      Node next = order < 0 ? parent.left : parent.right;
      if (next == null) {
        if (order < 0) {
          parent.left = new Node(key, value);
        } else {
          parent.right = new Node(key, value);
        }
        size++;
        return true;
      }
      parent = next;
    }
  }

  /** The value stored under {@code key}, or null. */
  @Closure
  public Long get(long key) {
    Node node = Subtrees.find(root, key);
    return node == null ? null : node.value;
  }

  /** How many keys lie between the two bounds, in either order, both included. */
  @Closure
  public int rangeCount(long from, long to) {
    return Subtrees.count(root, Math.min(from, to), Math.max(from, to));
  }

  /** Removes {@code key}; returns true when it was present. */
  @Closure
  public boolean remove(long key) {
    int before = size;
    root = removeFrom(root, key);
    return size < before;
  }

  /** The mean of all values, 0 when empty. */
  @Closure
  public double averageValue() {
    if (size == 0) {
      return 0.0;
    }
    double sum = 0;
    Deque<Node> pending = new ArrayDeque<>();
    Node node = root;
    while (node != null || !pending.isEmpty()) {
      while (node != null) {
        pending.push(node);
        node = node.left;
      }
      node = pending.pop();
      sum += node.value;
      node = node.right;
    }
    return sum / size;
  }

  /** The number of keys, read by monitoring in the control path (not validated). */
  public int size() {
    return size;
  }

  private Node removeFrom(Node node, long key) {
    if (node == null) {
      return null;
    }
    int order = Long.compare(key, node.key);
    if (order < 0) {
      node.left = removeFrom(node.left, key);
      return node;
    }
    if (order > 0) {
      node.right = removeFrom(node.right, key);
      return node;
    }
    size--;
    if (node.left == null) {
      return node.right;
    }
    if (node.right == null) {
      return node.left;
    }
    // Keys are final: the successor's entry moves into a new node that takes this one's place.
    Node successor = Subtrees.min(node.right);
    Node replacement = new Node(successor.key, successor.value);
    replacement.left = node.left;
    replacement.right = Subtrees.removeMin(node.right);
    return replacement;
  }
}
