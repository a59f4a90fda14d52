package gen;

import dev.orthrus.annotations.UserData;

/** A generic user-data class: a value of any type and a count of its writes. */
@UserData
public final class Cell<T> {
  T value;
  long writes;

  public Cell(T initial) {
    value = initial;
  }

  T get() {
    return value;
  }

  void set(T next) {
    value = next;
    writes++;
  }
}
