package bank;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** The root of a user-data hierarchy whose subclasses add mutable fields of their own. */
@UserData
public class Account {
  final String id;
  protected long balance;
  private int ops;
  private String lastNote = "new";

  public Account(String id, long balance) {
    this.id = id;
    this.balance = balance;
  }

  /** Delegates, then changes what the constructor it called stored. */
  public Account(String id) {
    this(id, 50);
    lastNote = "short " + ops++;
    this.balance += 5;
  }

  @Closure
  public long deposit(long amount) {
    balance += amount;
    ops++;
    lastNote = "deposit " + amount;
    return balance;
  }

  @Closure
  public static long transfer(Account from, Account to, long amount) {
    if (from.balance < amount) {
      return -1;
    }
    from.balance -= amount;
    to.balance += amount;
    from.ops++;
    to.ops++;
    return from.balance;
  }

  @Closure
  public String describe() {
    return id + ":" + balance + ":" + ops + ":" + lastNote;
  }

  /** A control-path write (the plain variant's store helper). */
  public void rename(String note) {
    lastNote = note;
  }
}
