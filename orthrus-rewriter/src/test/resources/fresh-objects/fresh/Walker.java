package fresh;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.function.LongSupplier;

/**
 * Stores objects a closure makes that have no equals of their own: a user-data value with final
 * fields only, a plain object, a lambda.
 */
@UserData
public final class Walker {
  private Coord at = new Coord(0, 0);
  private Tag tag;
  private LongSupplier next;

  @Closure
  public long move(long dx) {
    at = new Coord(at.x + dx, at.y + 1);
    tag = new Tag("t" + dx);
    long k = dx;
    next = () -> k * 3;
    return at.x + tag.name.length() + next.getAsLong();
  }

  /** Returns a new value made from the stored one. */
  @Closure
  public Coord shifted(long dx) {
    return new Coord(at.x + dx, at.y);
  }
}
