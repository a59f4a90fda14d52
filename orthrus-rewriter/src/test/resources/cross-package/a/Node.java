package a;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** Protected fields, a reference to user data among them, that subclasses in another package use. */
@UserData
public class Node {
  protected long value;
  protected Node next;

  public Node(long value) {
    this.value = value;
  }

  @Closure
  public long get() {
    return value;
  }
}
