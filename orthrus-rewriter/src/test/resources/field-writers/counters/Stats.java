package counters;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** Counters of one object, each written by one thread of its own: no two threads write one field. */
@UserData
public final class Stats {
  long hits;
  long misses;
  int errors;

  @Closure
  public static void hit(Stats s) {
    s.hits = s.hits + 1;
  }

  @Closure
  public static void miss(Stats s) {
    s.misses++;
  }

  @Closure
  public static int fail(Stats s, int n) {
    return s.errors += n;
  }

  @Closure
  public static String show(Stats s) {
    return "hits=" + s.hits + " misses=" + s.misses + " errors=" + s.errors;
  }
}
