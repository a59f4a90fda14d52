package shop;

import dev.orthrus.annotations.UserData;

@UserData
public class Account {
  long cents;

  public long cents() {
    return cents;
  }
}
