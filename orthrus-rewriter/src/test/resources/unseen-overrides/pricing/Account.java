package pricing;

import dev.orthrus.annotations.UserData;

/** The user data a shop charges. */
@UserData
public final class Account {
  long balance = 1_000_000;
}
