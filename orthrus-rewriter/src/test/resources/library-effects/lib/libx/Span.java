package libx;

/** A library object that reads the clock when it is made. */
public final class Span {

  private final long start;

  public Span() {
    this.start = System.nanoTime();
  }

  public long start() {
    return start;
  }
}
