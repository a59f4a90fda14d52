package acc;

/** Calls the closure through the base type, as the trial's program did. */
public final class Driver {
  private Driver() {}

  public static long run(Acc a, int n) {
    for (int i = 0; i < n; i++) {
      a.add(1 + i % 3);
    }
    return a.sum();
  }
}
