package deep;

import dev.orthrus.annotations.UserData;

/** A node of {@link Tree}: its links are held fields. */
@UserData
public final class Node {
  final int key;
  long count;
  long sum;
  Node left;
  Node right;

  Node(int key) {
    this.key = key;
    this.count = 1;
    this.sum = key;
  }
}
