package shop.app;

import dev.orthrus.annotations.Closure;
import shop.lib.Account;
import shop.lib.Ledger;

/** A module that protects its own closures, which call the other module's. */
public final class Service {

  private Service() {}

  @Closure
  public static String payIn(Account a, long amount) {
    long after = Ledger.deposit(a, amount);
    return "paid " + amount + ", now " + after + " (" + Ledger.describe(a) + ")";
  }

  @Closure
  public static long payTwice(Account a, long amount) {
    return twice(a, amount) + Ledger.render(a);
  }

  /** Not a closure: reached from one, it runs in that closure's log too. */
  static long twice(Account a, long amount) {
    Ledger.deposit(a, amount);
    return Ledger.deposit(a, amount);
  }

  /** Calls the other module's methods that are not closures. */
  @Closure
  public static String audit(Account a) {
    return a.summary()
        + ", "
        + (a.balance() + a.stampedBalance())
        + ", "
        + Ledger.weighted(a, 3)
        + ", "
        + priced(a);
  }

  /** A call through the other module's interface. */
  static long priced(shop.lib.Priced p) {
    return p.price();
  }

  /** Calls a method of the other module that has no variants. */
  @Closure
  public static long kept(Account a) {
    return a.keptBalance();
  }

  @Closure
  public static String refused(Account a) {
    try {
      return "paid " + Ledger.deposit(a, -1);
    } catch (IllegalArgumentException e) {
      return "refused: " + e.getMessage();
    }
  }
}
