package knobs;

import dev.orthrus.annotations.UserData;

/** The user data the service charges. */
@UserData
public final class Acc {
  long balance;
}
