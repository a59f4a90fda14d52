package preload;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A user-data class whose static initializer fills its default instance through closures. */
@UserData
public final class Table {
  public static final Table DEFAULT = new Table();

  static {
    for (int i = 0; i < 3_000; i++) {
      DEFAULT.put(i);
    }
  }

  long sum;

  @Closure
  public long put(int v) {
    sum = sum + v;
    return sum;
  }
}
