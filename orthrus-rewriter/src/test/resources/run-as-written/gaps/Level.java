package gaps;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * A plain class whose constructor reads user data, made in a closure; and one that keeps the
 * reference and reads it in a method.
 */
@UserData
public class Level {
  int level;

  static final class Cursor {
    final int start;

    Cursor(Level f) {
      this.start = f.level * 2;
    }
  }

  static final class Mark {
    final Level at;

    Mark(Level at) {
      this.at = at;
    }

    int start() {
      return at.level * 2;
    }
  }

  @Closure
  public int cursor(int k) {
    level = level + k;
    return new Cursor(this).start;
  }

  @Closure
  public int marked(int k) {
    level = level + k;
    return new Mark(this).start();
  }

  public static long drive(int rounds) {
    Level l = new Level();
    long s = 0;
    for (int i = 0; i < rounds; i++) {
      s += l.cursor(1) + l.marked(2);
    }
    return s;
  }
}
