package fresh;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A static node made by the class's initializer, which the first closure call triggers. */
@UserData
public final class Defaults {
  static final Node EMPTY = new Node(-1);
  private Node current;

  Defaults() {
    current = EMPTY;
  }

  @Closure
  public static long fresh(long v) {
    Defaults d = new Defaults();
    long before = d.current.value;
    d.current = new Node(v);
    return before + d.current.value;
  }
}
