package shop;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

@UserData
public class Counter {
  long count;

  public long count() {
    return count;
  }

  @Closure
  public static long add(Counter c, long n) {
    c.count += n;
    return c.count;
  }
}
