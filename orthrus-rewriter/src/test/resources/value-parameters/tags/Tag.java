package tags;

import dev.orthrus.annotations.UserData;

/** User data with final fields only (a Lombok {@code @Value}, a hand-written immutable class). */
@UserData
public final class Tag {
  private final int v;

  public Tag(int v) {
    this.v = v;
  }

  public int getV() {
    return v;
  }
}
