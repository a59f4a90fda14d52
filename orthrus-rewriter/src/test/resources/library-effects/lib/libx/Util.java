package libx;

/** A library's helpers that differ from call to call. */
public final class Util {

  private Util() {}

  public static long jitter() {
    return (long) (Math.random() * 1000);
  }

  public static long clock() {
    return System.nanoTime();
  }
}
