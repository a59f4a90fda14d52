package libx;

/** A library's clock behind an abstract type: the call's owner has no body to read. */
public abstract class Ticks {

  public abstract long read();

  public static Ticks system() {
    return new Ticks() {
      @Override
      public long read() {
        return System.nanoTime();
      }
    };
  }
}
