package shapes;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * A closure that calls {@code equals}, {@code hashCode}, {@code toString} and {@code compareTo}
 * through an interface that user-data classes implement: the overrides read user data.
 */
@UserData
public final class Scene {
  Shape a = new Rect(1, 1);
  Shape b = new Rect(1, 1);
  Shape c = new Circle(2);
  int same;
  long mixed;

  @Closure
  public String grow(int i) {
    ((Rect) a).w += i % 2;
    ((Rect) b).w += (i + 1) % 2;
    if (a.equals(b)) {
      same++;
    }
    Object o = c;
    mixed = mixed * 31 + a.hashCode() + o.hashCode() + a.compareTo(c);
    return same + " " + mixed + " " + b.toString();
  }

  /** A shape whose size can be compared. */
  public interface Shape extends Comparable<Shape> {
    int area();

    @Override
    default int compareTo(Shape other) {
      return Integer.compare(area(), other.area());
    }
  }

  /** A rectangle. */
  @UserData
  public static final class Rect implements Shape {
    int w;
    int h;

    Rect(int w, int h) {
      this.w = w;
      this.h = h;
    }

    @Override
    public int area() {
      return w * h;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Rect r && r.w == w && r.h == h;
    }

    @Override
    public int hashCode() {
      return w * 31 + h;
    }

    @Override
    public String toString() {
      return "Rect " + w + "x" + h;
    }
  }

  /** A circle. */
  @UserData
  public static final class Circle implements Shape {
    int r;

    Circle(int r) {
      this.r = r;
    }

    @Override
    public int area() {
      return 3 * r * r;
    }

    @Override
    public int hashCode() {
      return r;
    }
  }
}
