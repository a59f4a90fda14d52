package census;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * Closures that read values constructors change after the closures' objects were built: a static
 * count every constructor of the class bumps, and a field of another object a constructor writes
 * ({@code prev.level = level}). Both change under running closures, as a method's write would.
 */
@UserData
public class Census {
  public static int created;
  public static final Settings CURRENT = new Settings(null, 1);
  private long seen;

  public Census() {
    created++;
  }

  @Closure
  public long count() {
    seen += created;
    return seen;
  }

  @Closure
  public long level() {
    seen += CURRENT.level;
    return seen;
  }

  /** A plain class whose constructor passes its level on to the settings it replaces. */
  public static final class Settings {
    int level;

    public Settings(Settings prev, int level) {
      this.level = level;
      if (prev != null) {
        prev.level = level;
      }
    }
  }
}
