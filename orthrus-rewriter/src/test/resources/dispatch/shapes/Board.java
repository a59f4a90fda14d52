package shapes;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** Closures that call abstract methods: the call runs whichever implementation it reaches. */
@UserData
public final class Board {
  private final Shape[] shapes;
  private final Measure measure;
  private final Pricing[] pricings;
  long total;

  public Board(Shape a, Shape b, Shape c, Measure measure) {
    shapes = new Shape[3];
    shapes[0] = a;
    shapes[1] = b;
    shapes[2] = c;
    this.measure = measure;
    pricings = new Pricing[5];
    pricings[0] = new Pricing();
    pricings[1] = new Discount();
    pricings[2] = Pricing.flat();
    pricings[3] = Pricing.half();
    pricings[4] = Pricing.tenfold();
  }

  @Closure
  public long add() {
    for (int i = 0; i < shapes.length; i++) {
      total = total + shapes[i].area();
    }
    return total;
  }

  /** Through an interface's default method. */
  @Closure
  public long doubled() {
    long sum = 0;
    for (int i = 0; i < shapes.length; i++) {
      sum = sum + shapes[i].doubled();
    }
    return sum;
  }

  /** Through a class's method that the sources override, and that an anonymous class overrides. */
  @Closure
  public long priced(Square s) {
    long sum = 0;
    for (int i = 0; i < pricings.length; i++) {
      sum = sum + pricings[i].price(s);
    }
    total = total + sum;
    return sum;
  }

  @Closure
  public long measure(long scale) {
    total = total + measure.of(scale);
    return total;
  }

  /** Grows a square and returns its new area, through the interface. */
  @Closure
  public static long grow(Square s) {
    s.side = s.side + 1;
    Shape shape = s;
    return shape.area();
  }
}
