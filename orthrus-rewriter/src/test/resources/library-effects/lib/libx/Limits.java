package libx;

/** A setting of the library's, changed through a setter while closures run. */
public final class Limits {
  private long limit = 1_000;

  public long getLimit() {
    return limit;
  }

  public void setLimit(long limit) {
    this.limit = limit;
  }
}
