package where;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * Closures that read where they run (the thread, the stack), an exception's message and an
 * identity hash code: each differs between APP and VAL unless recorded.
 */
@UserData
public final class Where {

  private long seen;
  private String last = "";

  @Closure
  public String threadName() {
    last = Thread.currentThread().getName();
    return last;
  }

  /** A stack walk counts the validator's frames, not the application's. */
  @Closure
  public long stackDepth() {
    seen = StackWalker.getInstance().walk(s -> s.count());
    return seen;
  }

  /** Validators run in the thread group of the thread that started the runtime. */
  @Closure
  public String threadGroup() {
    last = Thread.currentThread().getThreadGroup().getName();
    return last;
  }

  @Closure
  public String caughtWhere() {
    try {
      if (seen >= 0) {
        throw new IllegalStateException("x");
      }
      return "none";
    } catch (IllegalStateException e) {
      return e.getStackTrace()[0].getMethodName();
    }
  }

  @Closure
  public String message(int d) {
    try {
      seen = seen + 10 / d;
      return "ok";
    } catch (ArithmeticException e) {
      last = e.getMessage() + e.getLocalizedMessage() + e;
      return last;
    }
  }

  @Closure
  public int identityHash(int n) {
    Mark m = new Mark(n);
    seen = seen + m.hashCode() % 7;
    return m.hashCode() % 1000;
  }

  /** An object typed Object may be one the closure made: its hash code is an identity hash. */
  @Closure
  public int objectHash(int n) {
    Object o = new Object();
    return (o.hashCode() & 1) + n;
  }
}
