package geo;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

@UserData
public final class Tally implements Counter {
  long n;

  @Closure
  @Override
  public long incr(long by) {
    n = n + by;
    return n;
  }
}
