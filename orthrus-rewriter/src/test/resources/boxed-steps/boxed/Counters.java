package boxed;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** Boxed counters stepped with ++, --, and compound assignments. */
@UserData
public final class Counters {
  Character letter = 'a';
  Short small = 0;
  Byte tiny = 0;
  Integer count = 0;
  Long total = 0L;
  Double mean = 0.0;

  @Closure
  public String step(int by) {
    letter++;
    if (letter > 'z') {
      letter = 'a';
    }
    ++small;
    tiny--;
    count += by;
    total *= 3;
    total += count;
    mean /= 2;
    mean += by;
    return "" + letter + small + tiny + count + total + mean;
  }

  @Closure
  public char back() {
    Character was = letter--;
    --tiny;
    small--;
    return was;
  }
}
