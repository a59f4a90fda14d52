package store;

import dev.orthrus.annotations.Closure;
import rates.Rate;

/** Charges wallets through a rate of another module. */
public final class Till {
  private final Rate rate;

  public Till(Rate rate) {
    this.rate = rate;
  }

  @Closure
  public long charge(Wallet w, long amount) {
    w.balance -= amount + rate.fee(amount);
    return w.balance;
  }
}
