package squares;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A constructor that fills the array it allocated for the object it builds. */
@UserData
public final class Squares {
  int[] xs;

  public Squares(int n) {
    xs = new int[n];
    for (int i = 0; i < n; i++) {
      xs[i] = i * i;
    }
    this.xs[0] = -1;
  }

  @Closure
  public long sum() {
    long s = 0;
    for (int x : xs) {
      s += x;
    }
    return s;
  }

  @Closure
  public void grow(int extra) {
    int[] next = new int[xs.length + extra];
    System.arraycopy(xs, 0, next, 0, xs.length);
    xs = next;
  }
}
