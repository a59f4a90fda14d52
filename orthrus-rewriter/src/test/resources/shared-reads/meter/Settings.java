package meter;

/** Control-path settings: not user data, changed by an operator while closures run. */
public final class Settings {
  /** Changed through {@link #offset(long)}. */
  static long offset;

  /** A table the control path changes element by element, through {@link #bonus(int, long)}. */
  static final long[] BONUS = new long[3];

  /** A constant table: written only by the initializer. */
  static final int[] FIXED = {1, 2, 3};

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
