package inplace;

import dev.orthrus.annotations.UserData;

@UserData
public final class Account {
  int balance;
  long deposits;
  String owner;

  public Account(int balance, String owner) {
    this.balance = balance;
    this.owner = owner;
  }
}
