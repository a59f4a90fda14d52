package slots;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A final user-data array made by its field's initializer, beside a mutable field. */
@UserData
public final class Table {
  private final Node[] slots = new Node[16];
  long puts;

  @Closure
  public long put(int i, long value) {
    Node n = slots[i];
    if (n == null) {
      slots[i] = new Node(value);
    } else {
      n.value = n.value + value;
    }
    puts = puts + 1;
    return slots[i].value + slots.length;
  }
}
