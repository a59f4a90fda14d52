package gaps;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * A user-data resource a closure closes with try-with-resources, as its own class (the logged
 * variants call its close()'s) and as an AutoCloseable (the JVM runs it as written), and a plain
 * one.
 */
@UserData
public class Resource implements AutoCloseable {
  int opens;
  int closes;

  @Override
  public void close() {
    closes = closes + 1;
  }

  /** A resource whose close() reads no user data. */
  static final class Quiet implements AutoCloseable {
    final int n;

    Quiet(int n) {
      this.n = n;
    }

    @Override
    public void close() {
      if (n < 0) {
        throw new IllegalStateException("closed twice");
      }
    }
  }

  @Closure
  public int use(int k) {
    try (Resource r = this) {
      opens = opens + 1;
      return opens + k;
    }
  }

  @Closure
  public int useQuiet(int k) {
    try (Quiet q = new Quiet(k)) {
      opens = opens + 1;
      return opens + q.n;
    }
  }

  /** The same resource through AutoCloseable: the JDK's close() is called, which runs as written. */
  @Closure
  public int useAny(int k) {
    try (AutoCloseable r = this) {
      opens = opens + 1;
      return opens + k;
    } catch (Exception e) {
      return -1;
    }
  }

  public static long drive(int rounds) {
    Resource r = new Resource();
    long s = 0;
    for (int i = 0; i < rounds; i++) {
      s += r.use(i % 7) + r.useQuiet(i % 5) + 3L * r.useAny(i % 3);
    }
    return s * 31 + r.closes;
  }
}
