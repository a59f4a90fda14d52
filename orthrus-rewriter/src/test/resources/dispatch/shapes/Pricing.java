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

  /** An anonymous override that reads no user data: it has no variants. */
  static Pricing flat() {
    return new Pricing() {
      @Override
      long price(Square s) {
        return 1;
      }
    };
  }

  /** An anonymous override that reads user data: it has variants of its own. */
  static Pricing half() {
    return new Pricing() {
      @Override
      long price(Square s) {
        return s.side * 5;
      }
    };
  }

  /** A local class's override that reads user data. */
  static Pricing tenfold() {
    final class Tenfold extends Pricing {
      @Override
      long price(Square s) {
        return s.side * 100;
      }
    }
    return new Tenfold();
  }
}
