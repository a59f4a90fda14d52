package slots;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** Only final fields, one of them a user-data array made by its initializer. */
@UserData
public final class Shelf {
  private final Node[] slots = new Node[8];

  @Closure
  public long get(int i) {
    Node n = slots[i];
    if (n == null) {
      slots[i] = new Node(i);
      return -1;
    }
    return n.value;
  }
}
