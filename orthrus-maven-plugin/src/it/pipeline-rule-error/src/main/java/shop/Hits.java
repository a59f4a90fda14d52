package shop;

import dev.orthrus.annotations.Closure;

public final class Hits {
  static int hits;

  @Closure
  public int hit(int n) {
    hits = hits + n;
    return n;
  }
}
