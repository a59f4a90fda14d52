package acc;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

@UserData
public class Acc {
  /** Made and used by the class's static initializer, before the rest of the class is. */
  static final Acc DEFAULT = new Acc();

  static {
    DEFAULT.add(1);
  }

  long sum;

  @Closure
  public long add(long v) {
    sum = sum + v;
    return sum;
  }

  public long sum() {
    return sum;
  }
}
