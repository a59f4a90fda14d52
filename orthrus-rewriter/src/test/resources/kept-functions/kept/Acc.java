package kept;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

@UserData
public class Acc {
  long total;
  int calls;

  public Acc(long total) {
    this.total = total;
  }

  public long total() {
    return total;
  }

  /** A closure a comparator calls through a method reference. */
  @Closure
  public long score() {
    calls++;
    return total;
  }
}
