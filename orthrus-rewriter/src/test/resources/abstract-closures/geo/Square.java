package geo;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** Implements the abstract closure with a closure. */
@UserData
public final class Square extends Shape {
  @Closure
  @Override
  public long grow(int by) {
    size = size + by * by;
    return size;
  }
}
