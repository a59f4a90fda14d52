package tags;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

@UserData
public class Box {
  private long sum;

  @Closure
  public long add(Tag t) {
    sum += t.getV();
    return sum;
  }

  public static long run() {
    Box b = new Box();
    long r = 0;
    for (int i = 0; i < 10; i++) {
      r = b.add(new Tag(i));
    }
    return r;
  }
}
