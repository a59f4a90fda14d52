package pricing;

import dev.orthrus.annotations.Closure;

/** A service that charges accounts through the pricing it was made with. */
public final class Shop {
  private final Pricing pricing;

  public Shop(Pricing pricing) {
    this.pricing = pricing;
  }

  @Closure
  public long charge(Account a, long amount) {
    long fee = pricing.fee(amount);
    pricing.charged(amount + fee);
    a.balance -= amount + fee;
    return a.balance;
  }

  @Closure
  public long refund(Account a, long amount) {
    a.balance += amount - pricing.refundFee(amount);
    return a.balance;
  }
}
