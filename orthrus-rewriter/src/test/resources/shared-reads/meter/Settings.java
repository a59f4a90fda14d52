package meter;

/** Control-path settings: not user data, changed by an operator while closures run. */
public final class Settings {
  /** Changed through {@link #offset(long)}. */
  static long offset;

  /** A table the control path changes element by element, through {@link #bonus(int, long)}. */
  static final long[] BONUS = new long[3];

  /**
   * Written by no code of these sources: another module (here the test) sets it, as an
   * application's {@code main} sets its configuration.
   */
  public static long surcharge;

  /** Package-private, written by no code of these sources: a test of the package may set it. */
  static long penalty;

  /** A table no code of these sources changes: another module may. */
  public static final long[] RATES = {1, 1, 1};

  private int scale = 1;

  public int scale() {
    return scale;
  }

  public void scale(int scale) {
    this.scale = scale;
  }

  public static void offset(long value) {
    offset = value;
  }

  public static void bonus(int i, long value) {
    BONUS[i] = value;
  }
}
