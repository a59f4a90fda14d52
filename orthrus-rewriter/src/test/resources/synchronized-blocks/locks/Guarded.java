package locks;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.concurrent.locks.ReentrantLock;

/** A counter guarding its update with a java.util.concurrent lock the caller may hold too. */
@UserData
public final class Guarded {

  public static final ReentrantLock LOCK = new ReentrantLock();

  private long n;

  @Closure
  public long add(long v) {
    LOCK.lock();
    try {
      n = n + v;
      return n;
    } finally {
      LOCK.unlock();
    }
  }
}
