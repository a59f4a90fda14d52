package fresh;

import dev.orthrus.annotations.UserData;

/** What the other objects hold. */
@UserData
public final class Node {
  long value;

  Node(long value) {
    this.value = value;
  }
}
