package tables;

/** Wraps the array its maker passed, as configuration classes do. */
public final class Rates {
  private final long[] values;

  public Rates(long[] values) {
    this.values = values;
  }

  public long at(int i) {
    return values[i];
  }
}
