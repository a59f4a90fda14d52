package geo;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** An abstract closure of an abstract user-data class. */
@UserData
public abstract class Shape {
  long size = 1;

  @Closure
  public abstract long grow(int by);
}
