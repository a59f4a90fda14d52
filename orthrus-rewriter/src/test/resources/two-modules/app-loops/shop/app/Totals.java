package shop.app;

import dev.orthrus.annotations.Closure;
import shop.lib.Account;
import shop.lib.Branch;

/** Loops over the other module's user-data array, which is a VersionedArray there. */
public final class Totals {
  private Totals() {}

  @Closure
  public static long total(Branch b) {
    long t = 0;
    for (Account a : b.accounts) {
      t += a.balance();
    }
    return t;
  }
}
