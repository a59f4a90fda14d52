package tables;

import dev.orthrus.annotations.Closure;

/** Charges from tables that the application keeps updating through its own references. */
public final class Biller {
  private final long[] direct;
  private final long[] copied;
  private final Rates rates;
  private final Tiers tiers;

  public Biller(long[] table) {
    this.direct = table;
    this.copied = table.clone();
    this.rates = new Rates(table);
    this.tiers = new Tiers(table);
  }

  @Closure
  public long charge(Account a, int i) {
    a.balance -= direct[i] + rates.at(i) + tiers.at(i) + copied[i];
    return a.balance;
  }
}
