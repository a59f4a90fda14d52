package waits;

import dev.orthrus.annotations.Closure;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The guarded-wait idiom in closures: {@code wait()} in a loop, its interrupt caught in the closure
 * (directly, and through a helper that waits) or left to the caller; and a condition's timed
 * {@code await}, whose result the log records.
 */
public final class Shelf {
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition filled = lock.newCondition();

  private static void waitOn(Object lock) throws InterruptedException {
    lock.wait();
  }

  @Closure
  public long take(Box b) {
    synchronized (b) {
      try {
        while (b.count == 0) {
          b.wait();
        }
      } catch (InterruptedException e) {
        b.interrupts++;
        Thread.currentThread().interrupt();
        return -1;
      }
      b.count--;
      b.taken++;
      return b.taken;
    }
  }

  @Closure
  public long takeThroughHelper(Box b) {
    synchronized (b) {
      try {
        while (b.count == 0) {
          waitOn(b);
        }
      } catch (InterruptedException e) {
        b.interrupts++;
        return -1;
      }
      b.count--;
      b.taken++;
      return b.taken;
    }
  }

  @Closure
  public long takeOrThrow(Box b) throws InterruptedException {
    synchronized (b) {
      while (b.count == 0) {
        b.wait(1_000);
      }
      b.count--;
      b.taken++;
      return b.taken;
    }
  }

  @Closure
  public long takeWithin(Box b) {
    lock.lock();
    try {
      while (b.count == 0) {
        if (!filled.await(5, TimeUnit.SECONDS)) {
          return -2;
        }
      }
      b.count--;
      b.taken++;
      return b.taken;
    } catch (InterruptedException e) {
      b.interrupts++;
      return -1;
    } finally {
      lock.unlock();
    }
  }

  @Closure
  public long pause(Box b) {
    lock.lock();
    try {
      // A timed wait whose result is not used: a statement.
      filled.await(1, TimeUnit.MILLISECONDS);
      return b.count;
    } catch (InterruptedException e) {
      return -1;
    } finally {
      lock.unlock();
    }
  }

  @Closure
  public void put(Box b) {
    synchronized (b) {
      b.count++;
      b.notifyAll();
    }
  }
}
