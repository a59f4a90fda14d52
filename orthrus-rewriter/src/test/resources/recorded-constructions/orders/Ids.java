package orders;

import java.util.concurrent.atomic.AtomicLong;

/** The program's id sequence and a setting the control path changes. */
public final class Ids {
  static final AtomicLong SEQUENCE = new AtomicLong();
  static volatile long defaultLimit = 100;

  public static void defaultLimit(long limit) {
    defaultLimit = limit;
  }

  public static long issued() {
    return SEQUENCE.get();
  }

  private Ids() {}
}
