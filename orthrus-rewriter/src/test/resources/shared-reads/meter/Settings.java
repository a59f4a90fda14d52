package meter;

/** Control-path settings: not user data, changed by an operator while closures run. */
public final class Settings {
  /** Changed through {@link #offset(long)}. */
  static long offset;

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
}
