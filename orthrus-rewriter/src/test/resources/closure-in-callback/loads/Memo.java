package loads;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A service's memo filled by a closure that a recorded call runs: {@code computeIfAbsent} on a
 * shared map, APP alone makes it, and its callback calls another closure, which runs as a closure
 * call of its own.
 */
@UserData
public class Memo {
  static final ConcurrentHashMap<Integer, Long> MEMO = new ConcurrentHashMap<>();

  long total;
  long misses;

  @Closure
  public long load(int k) {
    misses++;
    return k * 30L;
  }

  @Closure
  public long lookup(int k) {
    long v = MEMO.computeIfAbsent(k % 10, x -> load(x));
    total += v;
    return total + misses;
  }

  public static String drive(int rounds) {
    MEMO.clear();
    Memo m = new Memo();
    long check = 0;
    for (int i = 0; i < rounds; i++) {
      check = check * 31 + m.lookup(i);
    }
    return check + " " + m.total + " " + m.misses;
  }
}
