package till;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** Its field initializer calls the factory its closure reaches too. */
@UserData
public class Till {
  Money total = Money.of("EUR", 0);
  int count;

  @Closure
  public Money add(long c) {
    count++;
    total = total.plus(c);
    return total;
  }

  public static String run() {
    Till t = new Till();
    long h = 0;
    for (int i = 0; i < 300; i++) {
      h = h * 31 + t.add(i % 17).hashCode();
    }
    return h + " " + t.add(0);
  }
}
