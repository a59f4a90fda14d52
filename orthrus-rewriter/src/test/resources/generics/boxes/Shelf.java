package boxes;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** Holds a {@code Box<String>} in a mutable field: its accessors keep the type argument. */
@UserData
public final class Shelf {
  Box<String> box = new Box<>("a");

  @Closure
  public String swap(String next) {
    String old = box.value;
    box = new Box<>(next);
    return old + box.value.length();
  }
}
