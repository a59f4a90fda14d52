package shop.lib;

import dev.orthrus.annotations.UserData;

@UserData
public final class Account {
  long balance;

  public Account(long opening) {
    this.balance = opening;
  }

  /** Not a closure: app's closures call its variants. */
  public boolean covers(long amount) {
    return balance >= amount;
  }
}
