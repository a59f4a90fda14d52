package pricing;

/**
 * A fee rule with a default a subclass may override: a plain class, not user data, whose methods
 * read no user data.
 */
public class Pricing {

  /** The fee on {@code amount}: 1%. */
  public long fee(long amount) {
    return amount / 100;
  }

  /** The fee on a refund of {@code amount}: none. */
  public long refundFee(long amount) {
    return 0;
  }

  /** Notes a charge; this rule keeps nothing. */
  public void charged(long amount) {}
}
