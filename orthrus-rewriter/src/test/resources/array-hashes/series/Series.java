package series;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.Arrays;

/**
 * A user-data object holding primitive arrays beside scalars: most stores write a scalar, some
 * replace an array with a new one.
 */
@UserData
public class Series {
  int[] data;
  long ticks;
  double[] weights;
  String name;

  public Series(int n) {
    this.data = new int[n];
    this.weights = new double[] {0.5, 0.25};
    this.name = "s" + n;
  }

  @Closure
  public long tick() {
    ticks = ticks + 1;
    return ticks;
  }

  /** Replaces the array: copy, change, store the copy. */
  @Closure
  public int put(int i, int v) {
    int[] next = Arrays.copyOf(data, data.length);
    next[i % next.length] = v;
    data = next;
    return next.length;
  }

  /** Replaces the array and a scalar in one store. */
  @Closure
  public void reweigh(double w) {
    weights = new double[] {w, w / 2};
    ticks = ticks + 2;
  }

  /** Takes the object from the control path: its fields are checked against their checksum. */
  @Closure
  public static long total(Series s) {
    long t = s.ticks;
    for (int i = 0; i < s.data.length; i++) {
      t += s.data[i];
    }
    return t + (long) (s.weights[0] * 100) + s.name.length();
  }
}
