package geo;

/** Calls the abstract closures through their abstract types. */
public final class Driver {
  private Driver() {}

  public static long run(int n) {
    Shape square = new Square();
    Shape line = new Line();
    Counter c = new Tally();
    Counter plain = new Plain();
    long total = 0;
    for (int i = 0; i < n; i++) {
      total += (i % 2 == 0 ? square : line).grow(i % 5);
      total += c.incr(i % 7);
      total += plain.incr(i % 3);
    }
    return total;
  }
}
