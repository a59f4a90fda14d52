package order;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** Its static initializer reads what the program set before its first use. */
@UserData
public class Acc {
  static final long START;

  static {
    System.setProperty("order.acc", System.getProperty("order.mode", "unset"));
    START = Long.parseLong(System.getProperty("order.start"));
  }

  long v = START;

  @Closure
  public long add(long x) {
    v += x;
    return v;
  }
}
