package tariff;

import dev.orthrus.annotations.Closure;

/** A service that charges accounts through the fee policy it was made with. */
public final class Tariff {
  private final FeePolicy policy;
  private final Rebate rebate;

  public Tariff(FeePolicy policy, Rebate rebate) {
    this.policy = policy;
    this.rebate = rebate;
  }

  @Closure
  public long credit(Account a, long amount) {
    a.balance += rebate.rebate(amount);
    return a.balance;
  }

  @Closure
  public long charge(Account a, long amount) {
    a.balance -= amount + policy.fee(amount);
    return a.balance;
  }

  @Closure
  public long chargeAll(Account a, long amount) {
    a.balance -= policy.feeOf(new long[] {amount, amount});
    return a.balance;
  }
}
