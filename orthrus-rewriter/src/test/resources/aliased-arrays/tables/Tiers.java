package tables;

/** A record over an array its maker passed. */
public record Tiers(long[] values) {
  public long at(int i) {
    return values[i];
  }
}
