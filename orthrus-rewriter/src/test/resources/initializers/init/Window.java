package init;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * Field initializers that read fields declared above them, and an instance initializer block
 * between them: Java runs them in that order before a constructor's body.
 */
@UserData
public final class Window {
  int capacity = 64;
  int free = capacity;
  long total, checks = 1, ratio = checks * 3;
  String mode;

  {
    mode = "strict";
    capacity = capacity + 1;
  }

  int after = capacity * 2;

  public Window() {}

  public Window(int extra) {
    free = free + extra;
  }

  @Closure
  public String take(int n) {
    free = free - n;
    total += n;
    return mode + " " + free + "/" + capacity + "/" + after + "/" + ratio + "/" + total;
  }
}
