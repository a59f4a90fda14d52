package acct;

import dev.orthrus.annotations.UserData;

/** Sets inherited fields in its constructor and an initializer, by simple name, this. and super. */
@UserData
public class Savings extends Account {
  final String owner;

  {
    ops = 1;
  }

  public Savings(long start, long credit, String owner) {
    super(start);
    this.owner = owner;
    this.limit = credit;
    super.ops = ops + credit > 100 ? 2 : 3;
    balance = balance + credit / 2;
  }
}
