package init;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** An instance initializer block and no constructor. */
@UserData
public final class Limiter {
  int limit;
  long allowed;
  String mode;

  {
    limit = 10;
    mode = "strict";
  }

  @Closure
  public long allow(int n) {
    if (n <= limit) {
      allowed += n;
    }
    return allowed;
  }

  public String mode() {
    return mode + " " + limit;
  }
}
