package locks;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A counter guarding its own update with a synchronized block, as thread-safe code often does. */
@UserData
public final class Counter {

  private long n;
  private final Object guard = new Object();

  @Closure
  public long add(long v) {
    synchronized (this) {
      n = n + v;
      synchronized (guard) {
        return n;
      }
    }
  }
}
