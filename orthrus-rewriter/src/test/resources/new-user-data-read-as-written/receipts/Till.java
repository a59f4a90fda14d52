package receipts;

import dev.orthrus.annotations.Closure;

/** A closure that fills a receipt it made, then hands it to an exception's constructor. */
public final class Till {
  @Closure
  public long charge(long amount, long limit) throws Declined {
    Receipt r = new Receipt();
    r.amount = amount;
    if (amount > limit) {
      throw new Declined(r);
    }
    return r.amount + limit;
  }
}
