package b;

import a.Node;
import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A subclass in another package with a field of its own: links through the inherited field. */
@UserData
public class Linked extends Node {
  protected int links;

  public Linked(long value) {
    super(value);
  }

  @Closure
  public long link(Node other) {
    next = other;
    links++;
    return next.get() + value + links;
  }
}
