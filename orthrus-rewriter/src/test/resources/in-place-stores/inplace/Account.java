package inplace;

import dev.orthrus.annotations.UserData;

@UserData
public final class Account {
  int balance;
  long deposits;
  transient String owner; // already transient: stays so, once

  public Account(int balance, String owner) {
    this.balance = balance;
    this.owner = owner;
  }
}
