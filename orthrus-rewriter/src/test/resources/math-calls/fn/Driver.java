package fn;

import java.util.SplittableRandom;

/** Runs the closure long enough for the JIT to compile it while validators run it too. */
public final class Driver {
  private Driver() {}

  public static String run(int n) {
    Series s = new Series();
    SplittableRandom random = new SplittableRandom(17);
    long last = 0;
    for (int i = 0; i < n; i++) {
      last = s.add((random.nextDouble() - 0.5) * 2000, (random.nextDouble() - 0.5) * 8);
    }
    return last + " " + Double.doubleToRawLongBits(s.sum());
  }
}
