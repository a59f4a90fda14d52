package tally;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** Closures that take a variable number of arguments, called every way Java allows. */
@UserData
public final class Tally {
  long total;
  int calls;

  /** An instance closure over primitives: none, one, several, or an array. */
  @Closure
  public long add(long... amounts) {
    long sum = 0;
    for (long a : amounts) {
      sum += a;
    }
    total += sum;
    calls++;
    return total;
  }

  /** A static closure over user data, with a fixed parameter first. */
  @Closure
  public static long bumpAll(long by, Item... items) {
    long after = 0;
    for (Item i : items) {
      i.count += by;
      after += i.count;
    }
    return after;
  }

  /** A static closure over strings, calling the other closures with varargs. */
  @Closure
  public static String label(Tally t, Item first, String... parts) {
    long sum = t.add(parts.length, first.name.length());
    bumpAll(1, first);
    bumpAll(2);
    return String.join("/", parts) + ":" + sum + ":" + first.count;
  }
}
