package shapes;

/** An override in the sources: it reads user data too, and calls the method it overrides. */
public final class Discount extends Pricing {
  @Override
  long price(Square s) {
    return super.price(s) - s.side * 2;
  }
}
