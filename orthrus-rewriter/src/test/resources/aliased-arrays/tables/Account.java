package tables;

import dev.orthrus.annotations.UserData;

/** The user data a biller charges. */
@UserData
public final class Account {
  long balance = 1_000_000;
}
