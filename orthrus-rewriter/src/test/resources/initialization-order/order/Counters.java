package order;

import dev.orthrus.annotations.Closure;

/** A class whose closure is static: its first call initializes it. */
public final class Counters {
  static final Acc TOTAL;

  static {
    System.setProperty("order.counters", System.getProperty("order.mode", "unset"));
    TOTAL = new Acc();
  }

  private Counters() {}

  @Closure
  public static long bump(long by) {
    return TOTAL.add(by);
  }
}
