package tariff;

/** Reads the account it was made for: the method has logged and validated variants. */
public final class LoyaltyRebate implements Rebate {
  private final Account account;

  public LoyaltyRebate(Account account) {
    this.account = account;
  }

  @Override
  public long rebate(long amount) {
    return account.balance > 0 ? amount / 100 : 0;
  }
}
