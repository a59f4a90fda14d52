package tariff;

import dev.orthrus.annotations.UserData;

/** The user data a tariff charges. */
@UserData
public final class Account {
  long balance = 1_000_000;

  public long balance() {
    return balance;
  }
}
