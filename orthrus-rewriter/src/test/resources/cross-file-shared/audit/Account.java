package audit;

import dev.orthrus.annotations.UserData;

/** The user data a service charges. */
@UserData
public final class Account {
  long cents;
}
