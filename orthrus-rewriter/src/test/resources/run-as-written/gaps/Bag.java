package gaps;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.Iterator;
import java.util.List;

/**
 * A user-data Iterable a closure loops over with for-each or the JDK's forEach, and its list looped
 * over instead.
 */
@UserData
public class Bag implements Iterable<Integer> {
  List<Integer> vals = List.of(1, 2, 3);

  @Override
  public Iterator<Integer> iterator() {
    return vals.iterator();
  }

  @Closure
  public long total() {
    long t = 0;
    for (int v : this) {
      t += v;
    }
    return t;
  }

  /** The JDK's Iterable.forEach calls iterator() as a for-each loop does. */
  @Closure
  public long counted() {
    long[] t = new long[1];
    forEach(v -> t[0] += v);
    return t[0];
  }

  @Closure
  public long listed() {
    long t = 0;
    for (int v : vals) {
      t += v;
    }
    return t;
  }

  public static long drive(int rounds) {
    Bag b = new Bag();
    long s = 0;
    for (int i = 0; i < rounds; i++) {
      s += b.total() + 2 * b.listed() + 3 * b.counted();
    }
    return s;
  }
}
