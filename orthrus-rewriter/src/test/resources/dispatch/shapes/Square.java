package shapes;

import dev.orthrus.annotations.UserData;

/** A shape whose area reads its versioned side. */
@UserData
public final class Square implements Shape {
  long side;

  public Square(long side) {
    this.side = side;
  }

  @Override
  public long area() {
    return side * side;
  }
}
