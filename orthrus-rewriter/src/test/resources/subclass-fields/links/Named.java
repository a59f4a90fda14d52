package links;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A third level: a string of its own, a reference of its own. */
@UserData
public class Named extends Counted {
  private String name = "n";
  private Link side;

  public Named(long count) {
    super(count);
  }

  @Closure
  public String rename(Link to) {
    side = to;
    count++;
    name = name.length() > 6 ? "n" + count % 10 : name + count % 10;
    return name + ":" + (side == null ? 0 : side.weight());
  }
}
