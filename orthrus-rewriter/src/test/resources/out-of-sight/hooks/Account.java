package hooks;

import dev.orthrus.annotations.UserData;

/** The user data a desk charges. */
@UserData
public final class Account {
  long balance = 1_000_000;
}
