package chain;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * A user-data class that holds a reference to user data and declares {@code length()}, a name the
 * runtime's slot interface took before.
 */
@UserData
public final class Link {
  long value;
  Link next;

  public Link(long value, Link next) {
    this.value = value;
    this.next = next;
  }

  public int length() {
    int n = 0;
    for (Link l = this; l != null; l = l.next) {
      n++;
    }
    return n;
  }

  @Closure
  public long sumAndLength() {
    long sum = 0;
    for (Link l = this; l != null; l = l.next) {
      sum += l.value;
    }
    value = value + 1;
    return sum * 1000 + length();
  }
}
