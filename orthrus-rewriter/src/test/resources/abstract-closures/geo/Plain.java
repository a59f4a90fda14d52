package geo;

import dev.orthrus.annotations.UserData;

/** An implementation of the interface's closure that is not a closure: it runs unlogged. */
@UserData
public final class Plain implements Counter {
  private long n;

  @Override
  public long incr(long by) {
    n = n + 2 * by;
    return n;
  }
}
