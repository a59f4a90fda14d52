package shapes;

/** An override in the sources: it reads user data too. */
public final class Discount extends Pricing {
  @Override
  long price(Square s) {
    return s.side * 8;
  }
}
