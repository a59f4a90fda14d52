package fresh;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A user-data array field replaced by a bigger one inside a closure, then read and written. */
@UserData
public final class Ring {
  private Node[] slots = new Node[2];
  private Node[] old;
  private int size;

  @Closure
  public long add(long v) {
    if (size == slots.length) {
      old = slots;
      slots = new Node[size * 2];
      for (int i = 0; i < size; i++) {
        slots[i] = old[i];
      }
      old = null;
    }
    slots[size] = new Node(v);
    size = size + 1;
    return slots[size - 1].value + slots[0].value;
  }
}
