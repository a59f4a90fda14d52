package so;

import dev.orthrus.annotations.UserData;

/** A link of {@link Chain}. */
@UserData
public final class Node {
  final long value;
  final Node next;

  Node(long value, Node next) {
    this.value = value;
    this.next = next;
  }
}
