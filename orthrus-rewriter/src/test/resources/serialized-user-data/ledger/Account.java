package ledger;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.io.Serializable;

/** User data a program also serializes: a checkpoint, or JSON by a library that sets fields. */
@UserData
public class Account implements Serializable {
  private static final long serialVersionUID = 1L;

  final String id;
  String owner;
  long balance;
  byte[] note;
  Account next;

  /** The no-argument constructor a JSON library calls before it sets the fields. */
  public Account() {
    this.id = "none";
  }

  public Account(String id, String owner, long balance, byte[] note) {
    this.id = id;
    this.owner = owner;
    this.balance = balance;
    this.note = note;
  }

  @Closure
  public long deposit(long amount) {
    balance += amount + note.length;
    return balance;
  }

  @Closure
  public static long moveToNext(Account from, long amount) {
    from.balance -= amount;
    from.next.balance += amount;
    return from.next.balance;
  }

  @Closure
  public String describe() {
    return id + "/" + owner + "/" + balance + "/" + new String(note) + "/"
        + (next == null ? "-" : next.owner);
  }
}
