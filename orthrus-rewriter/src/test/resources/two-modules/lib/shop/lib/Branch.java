package shop.lib;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * A public array of user data, which another module's closures loop over, and a public held
 * reference they read (app-loops).
 */
@UserData
public final class Branch {
  public final Account[] accounts;

  /** The account paid most, which this module's closure moves. */
  public Account lead;

  public Branch(int n) {
    accounts = new Account[n];
    for (int i = 0; i < n; i++) {
      accounts[i] = new Account("b" + i);
    }
    lead = accounts[0];
  }

  /** Deposits {@code amount} times the account's position into each account. */
  @Closure
  public void payAll(long amount) {
    for (int i = 0; i < accounts.length; i++) {
      Ledger.deposit(accounts[i], amount * (i + 1));
    }
    lead = accounts[accounts.length - 1];
  }
}
