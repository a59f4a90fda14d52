package order;

/** Calls the closures of classes that must not initialize before it sets what they read. */
public final class Main {
  private Main() {}

  public static long run(boolean needed) {
    System.setProperty("order.mode", "prod");
    System.setProperty("order.start", "100");
    if (!needed) {
      return -1;
    }
    long a = new Acc().add(5);
    return a + Counters.bump(7);
  }
}
