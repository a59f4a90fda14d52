package imports;

import dev.orthrus.annotations.Closure;

/** A static closure another class calls through a single static import. */
public final class Mix {
  private Mix() {}

  @Closure
  public static long mix(long a, long b) {
    return a * 31 + b;
  }
}
