package demo.ordered;

/** Recursive work on subtrees, shared by the index's closures. */
final class Subtrees {

  private Subtrees() {}

  static Node find(Node node, long key) {
    Node n = node;
    while (n != null && n.key != key) {
      n = key < n.key ? n.left : n.right;
    }
    return n;
  }

  /** The number of keys in {@code [from, to]}, skipping subtrees that lie outside. */
  static int count(Node node, long from, long to) {
    if (node == null) {
      return 0;
    }
    if (node.key < from) {
      return count(node.right, from, to);
    }
    if (node.key > to) {
      return count(node.left, from, to);
    }
    return 1 + count(node.left, from, to) + count(node.right, from, to);
  }

  static Node min(Node node) {
    Node n = node;
    while (n.left != null) {
      n = n.left;
    }
    return n;
  }

  /** Unlinks the smallest node of a non-empty subtree and returns the subtree's new root. */
  static Node removeMin(Node node) {
    if (node.left == null) {
      return node.right;
    }
    node.left = removeMin(node.left);
    return node;
  }
}
