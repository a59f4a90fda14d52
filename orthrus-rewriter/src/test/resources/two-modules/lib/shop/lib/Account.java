package shop.lib;

import dev.orthrus.annotations.UserData;

@UserData
public final class Account {
  final String id;
  long balance;
  int movements;

  public Account(String id) {
    this.id = id;
  }
}
