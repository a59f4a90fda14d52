package fresh;

import dev.orthrus.annotations.UserData;

/** User data with final fields only: a value, not versioned. */
@UserData
public final class Coord {
  final long x;
  final long y;

  Coord(long x, long y) {
    this.x = x;
    this.y = y;
  }
}
