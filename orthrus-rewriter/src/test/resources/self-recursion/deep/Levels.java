package deep;

import dev.orthrus.annotations.Closure;

/** A static closure that calls itself, and one that calls itself from a lambda. */
public class Levels {

  @Closure
  public static int depth(Acc a, int n) {
    return n == 0 ? a.boxed % 10 : 1 + depth(a, n - 1);
  }

  @Closure
  public static int later(Acc a, int n) {
    return n == 0 ? a.boxed : 1 + apply(k -> later(a, k), n - 1);
  }

  static int apply(java.util.function.IntUnaryOperator f, int x) {
    return f.applyAsInt(x);
  }

  @Closure
  public static void bump(Acc a, int by) {
    a.boxed += by;
  }
}
