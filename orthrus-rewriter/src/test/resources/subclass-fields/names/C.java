package names;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** And at a third level: h, n, value. */
@UserData
public class C extends B {
  private int h;
  private long n;
  private double value = 0.5;

  public C(long start) {
    super(start);
  }

  @Closure
  public long lim() {
    h++;
    n += h;
    value = value * 1.5 + next % 7;
    return h + n + (long) value + from;
  }
}
