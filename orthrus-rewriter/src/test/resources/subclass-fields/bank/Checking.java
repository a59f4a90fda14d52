package bank;

import dev.orthrus.annotations.UserData;

/** A subclass without fields of its own beside extended ones. */
@UserData
public class Checking extends Account {
  public Checking(String id) {
    super(id, 50);
  }
}
