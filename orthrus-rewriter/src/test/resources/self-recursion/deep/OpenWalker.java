package deep;

import dev.orthrus.annotations.Closure;

/** A closure a subclass may override: a call of itself means the override. */
public class OpenWalker {
  private final Acc acc;

  public OpenWalker(Acc acc) {
    this.acc = acc;
  }

  @Closure
  public int walk(int n) {
    return n == 0 ? acc.boxed % 10 : 1 + walk(n - 1);
  }
}
