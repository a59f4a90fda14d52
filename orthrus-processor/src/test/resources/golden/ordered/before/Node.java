package demo.ordered;

import dev.orthrus.annotations.UserData;

/** One entry of the index: a key, its value and the two subtrees. */
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
