package quotes;

import dev.orthrus.annotations.Closure;

/** Books amounts at the quoter's quotes. */
public final class Desk {
  private final Quoter quoter;

  public Desk(Quoter quoter) {
    this.quoter = quoter;
  }

  @Closure
  public long book(Account a, long amount) {
    Quote q = quoter.quote(amount);
    a.balance -= amount + q.fee() + q.note().length();
    if (quoter.kind(amount) == Kind.HIGH || q.kind() == Kind.HIGH) {
      a.balance -= 1;
    }
    return a.balance;
  }
}
