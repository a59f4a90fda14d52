package shop;

/** A static fee rule a test stubs with {@code mockStatic}. */
public final class Fees {
  private Fees() {}

  public static long of(long amount) {
    return amount / 50;
  }
}
