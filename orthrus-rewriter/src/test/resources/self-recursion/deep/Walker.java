package deep;

import dev.orthrus.annotations.Closure;

/** Instance closures that call themselves: one no override can replace, one that can be. */
public final class Walker {
  private final Acc acc;

  public Walker(Acc acc) {
    this.acc = acc;
  }

  @Closure
  public int walk(int n) {
    return n == 0 ? acc.boxed % 10 : 1 + walk(n - 1);
  }
}
