package imports;

import dev.orthrus.annotations.UserData;

/** User data with a static helper that writes it, which a closure calls through a static import. */
@UserData
public class Acc {
  long n;

  public static long bump(Acc a, long by) {
    a.n += by;
    return a.n;
  }
}
