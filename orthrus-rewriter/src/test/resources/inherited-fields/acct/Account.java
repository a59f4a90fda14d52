package acct;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A user-data base class whose fields its subclasses' constructors set. */
@UserData
public class Account {
  protected long balance;
  protected long limit;
  protected int ops;

  public Account(long balance) {
    this.balance = balance;
  }

  @Closure
  public long available() {
    return balance + limit;
  }

  @Closure
  public static long transfer(Account from, Account to, long amount) {
    if (from.available() < amount) {
      return -1;
    }
    from.balance -= amount;
    to.balance += amount;
    from.ops++;
    to.ops++;
    return from.balance;
  }
}
