package shop.app;

import dev.orthrus.annotations.Closure;
import shop.lib.Account;
import shop.lib.Branch;

/**
 * Loops over the other module's user-data array, which is a VersionedArray there, and reads a held
 * reference of its user data, through the handle's accessors there.
 */
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

  @Closure
  public static long lead(Branch b) {
    Account a = b.lead;
    return a == null ? -1 : a.balance();
  }
}
