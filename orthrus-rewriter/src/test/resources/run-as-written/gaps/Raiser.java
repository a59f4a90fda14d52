package gaps;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * Closures that throw an exception whose getMessage() reads user data, one whose message is made
 * when it is thrown, one that throws exactly a supertype of the first, and one that catches its
 * own.
 */
@UserData
public class Raiser {
  int level;

  static final class LevelException extends RuntimeException {
    final Raiser f;

    LevelException(Raiser f) {
      this.f = f;
    }

    @Override
    public String getMessage() {
      return "level " + f.level;
    }
  }

  static final class PlainException extends RuntimeException {
    PlainException(int level) {
      super("level " + level);
    }
  }

  @Closure
  public int raise(int k) {
    level = level + k;
    if (level % 2 == 0) {
      throw new LevelException(this);
    }
    return level;
  }

  @Closure
  public int raisePlain(int k) {
    level = level + k;
    if (level % 2 == 0) {
      throw new PlainException(level);
    }
    return level;
  }

  /** Throws exactly a RuntimeException, whose getMessage is the JDK's whatever its subclasses do. */
  @Closure
  public int raiseWrapped(int k) {
    level = level + k;
    if (level % 2 == 0) {
      throw new RuntimeException("level " + level, new IllegalStateException());
    }
    return level;
  }

  @Closure
  public int raiseCaught(int k) {
    level = level + k;
    try {
      if (level % 2 == 0) {
        throw new LevelException(this);
      }
    } catch (LevelException e) {
      return -1;
    }
    return level;
  }

  public static long drive(int rounds) {
    Raiser r = new Raiser();
    long s = 0;
    for (int i = 0; i < rounds; i++) {
      try {
        s += r.raise(1);
      } catch (LevelException e) {
        s -= e.getMessage().length();
      }
      try {
        s += r.raisePlain(1);
      } catch (PlainException e) {
        s -= e.getMessage().length();
      }
      try {
        s += r.raiseWrapped(2);
      } catch (RuntimeException e) {
        s -= e.getMessage().length();
      }
      s += r.raiseCaught(1);
    }
    return s;
  }
}
