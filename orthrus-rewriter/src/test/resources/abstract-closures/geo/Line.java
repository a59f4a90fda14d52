package geo;

import dev.orthrus.annotations.UserData;

/** Implements the abstract closure without annotating the implementation. */
@UserData
public final class Line extends Shape {
  @Override
  public long grow(int by) {
    size = size + by;
    return size;
  }
}
