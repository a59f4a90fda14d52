package boxes;

import dev.orthrus.annotations.UserData;

/** A generic user-data class with final fields only. */
@UserData
public final class Box<T> {
  final T value;

  public Box(T value) {
    this.value = value;
  }
}
