package preload;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A user-data class whose static initializer fills its default instance through closures. */
@UserData
public final class Table {
  /** Read by every execution: a validator's replay waits until the initializer has ended. */
  private static final int STEP = Integer.getInteger("preload.step", 1);

  public static final Table DEFAULT = new Table();

  static {
    for (int i = 0; i < 3_000; i++) {
      DEFAULT.put(i);
    }
  }

  long sum;

  @Closure
  public long put(int v) {
    sum = sum + v * STEP;
    return sum;
  }
}
