package store;

import dev.orthrus.annotations.UserData;

/** The user data a till charges. */
@UserData
public final class Wallet {
  long balance = 1_000_000;
}
