package links;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** Adds a number below a root that holds only a reference. */
@UserData
public class Counted extends Link {
  protected long count;

  public Counted(long count) {
    this.count = count;
  }

  @Closure
  public long bump(long by) {
    count += by;
    return next == null ? count : count + next.weight();
  }

  @Override
  long weight() {
    return count;
  }
}
