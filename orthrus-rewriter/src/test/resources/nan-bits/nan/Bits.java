package nan;

final class Bits {
  private Bits() {}

  static long of(double d) {
    return Double.doubleToRawLongBits(d);
  }
}
