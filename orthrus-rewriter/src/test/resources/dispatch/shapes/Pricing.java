package shapes;

/** A class that can be subclassed, whose method reads user data. */
public class Pricing {
  long price(Square s) {
    return s.side * 10;
  }

  /** An override the rewriter gives no variants (an anonymous class). */
  static Pricing flat() {
    return new Pricing() {
      @Override
      long price(Square s) {
        return 1;
      }
    };
  }
}
