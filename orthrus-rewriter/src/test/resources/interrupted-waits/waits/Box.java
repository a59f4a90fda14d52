package waits;

import dev.orthrus.annotations.UserData;

/** Items a producer puts and consumers take, with what the consumers counted. */
@UserData
public final class Box {
  long count;
  long taken;
  long interrupts;

  public long taken() {
    return taken;
  }

  public long interrupts() {
    return interrupts;
  }
}
