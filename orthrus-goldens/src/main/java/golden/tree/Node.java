package golden.tree;

import dev.orthrus.annotations.UserData;

/** A node of the search tree; its key never changes. */
@UserData
final class Node {
  final long key;
  long value;
  Node left;
  Node right;

  Node(long key, long value) {
    this.key = key;
    this.value = value;
  }
}
