package shop.lib;

import dev.orthrus.annotations.UserData;

@UserData
public final class Account {
  long balance;

  public Account(long opening) {
    this.balance = opening;
  }
}
