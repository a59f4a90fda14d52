package twr;

import dev.orthrus.annotations.UserData;

/** What the accounts' close() calls wrote: their ids in the order they ran, and how many ran. */
@UserData
public class Tally {
  long order;
  int closes;
}
