package ranks;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * Generic helpers a closure calls with user data: their receivers are of a type variable, so javac
 * resolves {@code compareTo}, {@code equals} and {@code hashCode} to the JDK's declarations while
 * the JVM runs the user-data class's overrides.
 */
@UserData
public final class Podium {
  private Score best = new Score(0);
  private Score last = new Score(0);
  private long repeats;
  private long mixed;

  static <T extends Comparable<T>> T maxOf(T a, T b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  static <T> boolean same(T a, T b) {
    return a.equals(b);
  }

  static <K extends Comparable<? super K>> int hashOf(K key) {
    return key.hashCode();
  }

  @Closure
  public String offer(long points) {
    Score next = new Score(points);
    best = maxOf(best, next);
    if (same(last, next)) {
      repeats++;
    }
    last = next;
    mixed = mixed * 31 + hashOf(best);
    return best.points() + " " + repeats + " " + mixed;
  }

  /** A score, compared by its points. */
  @UserData
  public static class Score implements Comparable<Score> {
    private long points;

    Score(long points) {
      this.points = points;
    }

    long points() {
      return points;
    }

    @Override
    public int compareTo(Score other) {
      return Long.compare(points, other.points);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Score s && s.points == points;
    }

    @Override
    public int hashCode() {
      return Long.hashCode(points);
    }
  }
}
