package acct;

import dev.orthrus.annotations.UserData;

/** Sets an inherited field by its simple name only (a plain write here broke the checksum). */
@UserData
public class Checking extends Account {
  public Checking(long start) {
    super(start);
    limit = 500;
  }
}
