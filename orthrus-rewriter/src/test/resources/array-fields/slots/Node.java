package slots;

import dev.orthrus.annotations.UserData;

/** What the slots hold. */
@UserData
public final class Node {
  long value;

  Node(long value) {
    this.value = value;
  }
}
