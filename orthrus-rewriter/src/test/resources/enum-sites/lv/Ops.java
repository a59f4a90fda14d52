package lv;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A closure the enum's constants call while they are made, and one called afterwards. */
@UserData
public class Ops {
  static final Ops SHARED = new Ops();

  long mixed;

  @Closure
  public long mix(String name, int weight) {
    mixed = mixed * 31 + name.length() * weight;
    return mixed;
  }

  public static long drive(int rounds) {
    long s = 0;
    for (int i = 0; i < rounds; i++) {
      for (Level l : Level.values()) {
        s += l.code + l.again(i);
      }
    }
    return s;
  }
}
