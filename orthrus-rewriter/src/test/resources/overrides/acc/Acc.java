package acc;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

@UserData
public class Acc {
  long sum;

  @Closure
  public long add(long v) {
    sum = sum + v;
    return sum;
  }

  public long sum() {
    return sum;
  }
}
