package rules;

import dev.orthrus.annotations.UserData;

/** The user data the rules change. */
@UserData
public final class Ledger {
  long total;
  long count;
}
