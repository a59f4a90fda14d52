package shapes;

/**
 * A class that can be subclassed, whose method reads user data; its field is named like the
 * runtime's top-level package.
 */
public class Pricing {
  private final long dev = 0;

  long price(Square s) {
    return s.side * 10 + dev;
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
