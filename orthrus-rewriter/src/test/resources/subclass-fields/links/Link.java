package links;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A root whose only mutable field is a reference to user data: its version is empty. */
@UserData
public abstract class Link {
  protected Link next;

  @Closure
  public static long chain(Link from) {
    long sum = 0;
    for (Link l = from; l != null; l = l.next) {
      sum += l.weight();
    }
    return sum;
  }

  @Closure
  public void follow(Link other) {
    next = other;
  }

  abstract long weight();
}
