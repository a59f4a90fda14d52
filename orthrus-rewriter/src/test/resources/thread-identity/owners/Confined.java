package owners;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.lang.ref.WeakReference;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/**
 * Closures that use the thread they run on as a value (an owner-thread check, a thread bound on
 * first use, {@code instanceof} a worker class), ask whether they run in a fork/join pool, and
 * keep a memo the collector may clear: a validator runs on its own thread, outside any pool, later.
 */
@UserData
public class Confined {
  final Thread owner;
  Thread bound;
  long n;
  long foreign;
  long inPool;
  long onWorkers;
  long rebuilt;
  WeakReference<long[]> memo = new WeakReference<>(null);

  public Confined(Thread owner) {
    this.owner = owner;
  }

  /** A thread of the program's own class. */
  public static final class Worker extends Thread {
    public Worker(Runnable task) {
      super(task, "worker");
    }
  }

  private void checkOwner() {
    if (Thread.currentThread() != owner) {
      throw new IllegalStateException("not the owner thread");
    }
  }

  @Closure
  public long step(long x) {
    checkOwner();
    n += x;
    return n;
  }

  @Closure
  public long touch(long x) {
    if (bound == null) {
      bound = Thread.currentThread();
    } else if (bound != Thread.currentThread()) {
      foreign++;
    }
    if (Thread.currentThread() instanceof Worker) {
      onWorkers++;
    }
    if (ForkJoinTask.inForkJoinPool()) {
      inPool++;
    }
    n += x;
    return n + foreign;
  }

  @Closure
  public long memoized(int k) {
    long[] table = memo.get();
    if (table == null) {
      table = new long[1_000];
      for (int i = 0; i < table.length; i++) {
        table[i] = i * 3L;
      }
      memo = new WeakReference<>(table);
      rebuilt++;
    }
    n += table[k % table.length];
    return n;
  }

  /** Each closure from the owner, from a worker and from a fork/join pool, with collections. */
  public static String drive(int rounds) throws Exception {
    Confined c = new Confined(Thread.currentThread());
    Confined shared = new Confined(Thread.currentThread());
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < rounds; i++) {
      out.append(c.step(i)).append(' ').append(shared.touch(i)).append(' ');
      out.append(c.memoized(i)).append('\n');
      if (i % 8 == 0) {
        System.gc();
      }
    }
    long[] fromWorker = new long[1];
    Worker w =
        new Worker(
            () -> {
              for (int i = 0; i < rounds; i++) {
                fromWorker[0] += shared.touch(i);
              }
            });
    w.start();
    w.join();
    ForkJoinPool pool = new ForkJoinPool(1);
    try {
      long fromPool =
          pool.submit(
                  () -> {
                    long sum = 0;
                    for (int i = 0; i < rounds; i++) {
                      sum += shared.touch(i);
                    }
                    return sum;
                  })
              .get();
      out.append(fromWorker[0]).append(' ').append(fromPool).append(' ');
    } finally {
      pool.shutdown();
    }
    return out.append(shared.foreign)
        .append(' ')
        .append(shared.onWorkers)
        .append(' ')
        .append(shared.inPool)
        .append(' ')
        .append(c.n)
        .toString();
  }
}
