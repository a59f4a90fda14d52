package waits;

import dev.orthrus.annotations.Closure;

/**
 * The guarded-wait idiom in closures: {@code wait()} in a loop, its interrupt caught in the closure
 * (directly, and through a helper that waits) or left to the caller.
 */
public final class Shelf {
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
  public void put(Box b) {
    synchronized (b) {
      b.count++;
      b.notifyAll();
    }
  }
}
