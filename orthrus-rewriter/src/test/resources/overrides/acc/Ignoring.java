package acc;

import dev.orthrus.annotations.UserData;

/** Overrides the closure without annotating the override, and sometimes calls the superclass's. */
@UserData
public class Ignoring extends Acc {
  @Override
  public long add(long v) {
    return v % 2 == 0 ? super.add(v) : sum();
  }
}
