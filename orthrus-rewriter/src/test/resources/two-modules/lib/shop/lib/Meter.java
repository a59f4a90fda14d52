package shop.lib;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** User data whose closure calls a method another module's subclass implements. */
@UserData
public abstract class Meter {
  public long reading;
  public int ticks;

  @Closure
  public long tick(long d) {
    reading += scale(d);
    ticks++;
    return reading;
  }

  public abstract long scale(long d);
}
