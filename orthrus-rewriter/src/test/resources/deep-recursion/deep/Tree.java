package deep;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** An unbalanced binary tree whose insert recurses one frame per level. */
@UserData
public final class Tree {
  Node root;
  int size;

  @Closure
  public void insert(int key) {
    root = insertAt(root, key);
  }

  private Node insertAt(Node n, int key) {
    if (n == null) {
      size = size + 1;
      return new Node(key);
    }
    n.sum = n.sum + key;
    if (key < n.key) {
      n.left = insertAt(n.left, key);
    } else if (key > n.key) {
      n.right = insertAt(n.right, key);
    } else {
      n.count = n.count + 1;
    }
    return n;
  }
}
