package fn;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** Accumulates every Math function the processor notes as math-intrinsic, and hashes its bits. */
@UserData
public class Series {
  private double sum;
  private long bits;

  @Closure
  public long add(double x, double y) {
    double[] r = {
      Math.sin(x), Math.cos(x), Math.tan(x), Math.asin(y / 4), Math.acos(y / 4), Math.atan(x),
      Math.atan2(x, y), Math.exp(x / 100), Math.expm1(x / 100), Math.log(Math.abs(x) + 1e-9),
      Math.log10(Math.abs(x) + 1e-9), Math.log1p(Math.abs(x)), Math.pow(Math.abs(x) / 10, y),
      Math.pow(x, 2.0), Math.sinh(x / 100), Math.cosh(x / 100), Math.tanh(x), Math.cbrt(x),
      Math.hypot(x, y)
    };
    long h = bits;
    for (double v : r) {
      h = h * 31 + Double.doubleToLongBits(v);
      sum += v;
    }
    bits = h;
    return h;
  }

  @Closure
  public double sum() {
    return sum;
  }
}
