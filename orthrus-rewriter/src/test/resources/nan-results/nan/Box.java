package nan;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * A field that holds NaN as a "missing" marker, added to a difference that is NaN too (infinity
 * minus infinity gives the CPU's default NaN, whose bits differ from {@code Double.NaN}'s): which
 * of the two NaNs the sum carries depends on the order the interpreter or the compiled code adds
 * them in.
 */
@UserData
public final class Box {
  double base = Double.NaN;
  double last;

  @Closure
  public double add(double hi, double lo) {
    last = base + (hi - lo);
    return last;
  }

  @Closure
  public void addVoid(double hi, double lo) {
    last = base + (hi - lo);
  }

  /** A NaN with a payload passed in and summed: the result's bits depend on the code as well. */
  @Closure
  public float scaled(float x) {
    return (float) last + x * 2;
  }
}
