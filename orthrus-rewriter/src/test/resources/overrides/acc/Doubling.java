package acc;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** Overrides the closure with a closure that calls the superclass's. */
@UserData
public final class Doubling extends Acc {
  @Closure
  @Override
  public long add(long v) {
    return super.add(2 * v);
  }
}
