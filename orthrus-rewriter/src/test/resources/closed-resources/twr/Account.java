package twr;

import dev.orthrus.annotations.UserData;

/** A user-data resource whose close() writes user data, and throws when made to. */
@UserData
public class Account implements AutoCloseable {
  final int id;
  final Tally tally;
  final boolean failsToClose;
  int balance;

  public Account(int id, Tally tally, boolean failsToClose) {
    this.id = id;
    this.tally = tally;
    this.failsToClose = failsToClose;
  }

  @Override
  public void close() {
    tally.order = tally.order * 10 + id;
    tally.closes = tally.closes + 1;
    if (failsToClose) {
      throw new IllegalStateException("close " + id + " at " + tally.closes);
    }
  }
}
