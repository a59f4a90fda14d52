package b;

import a.Node;
import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A subclass in another package without fields of its own: its closure uses the inherited ones. */
@UserData
public class Twice extends Node {
  public Twice(long value) {
    super(value);
  }

  @Closure
  public long twice() {
    value += 1;
    return value * 2 + (next == null ? 0 : next.get());
  }
}
