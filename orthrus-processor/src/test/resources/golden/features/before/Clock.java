package demo.features;

/** A helper in another file, reached from a closure. */
final class Clock {
  private Clock() {}

  static long now() {
    return System.currentTimeMillis();
  }
}
