package libx;

/** A counter of a library that a subclass may extend: not final. */
public class Meter {

  private long v;

  public long inc() {
    return ++v;
  }
}
