package shop;

import dev.orthrus.annotations.Closure;

public final class Checkout {
  private final Pricing pricing;
  private final Rates rates;

  public Checkout(Pricing pricing, Rates rates) {
    this.pricing = pricing;
    this.rates = rates;
  }

  @Closure
  public long pay(Account a, long amount) {
    a.cents -= pricing.round(amount + pricing.fee(amount));
    return a.cents;
  }

  @Closure
  public long payTiered(Account a, long amount) {
    long[] t = rates.tiers(amount);
    a.cents -= amount + t[0];
    return a.cents;
  }

  @Closure
  public long payWithFees(Account a, long amount) {
    a.cents -= amount + Fees.of(amount);
    return a.cents;
  }

  @Closure
  public long payThroughGateway(Account a, long amount) {
    a.cents -= new Gateway().charge(amount);
    return a.cents;
  }
}
