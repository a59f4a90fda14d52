package ledger;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * A user-data class with the usual copy constructor, which reads the other object's fields
 * directly, used by closures on an object they were given and on one they made.
 */
@UserData
public class Acct {
  String owner;
  long balance;
  int operations;

  public Acct(String owner) {
    this.owner = owner;
  }

  public Acct(Acct other) {
    this.owner = other.owner;
    this.balance = other.balance;
    this.operations = other.operations + 1;
  }

  @Closure
  public static long snapshot(Acct a, long deposit) {
    a.balance += deposit;
    Acct copy = new Acct(a);
    return copy.balance * 10 + copy.operations;
  }

  @Closure
  public static long opened(String owner, long deposit) {
    Acct a = new Acct(owner);
    a.balance = deposit;
    Acct copy = new Acct(a);
    return copy.balance + copy.owner.length() + copy.operations;
  }

  public static long drive(int rounds) {
    Acct a = new Acct("ann");
    long s = 0;
    for (int i = 0; i < rounds; i++) {
      s = s * 31 + snapshot(a, i) + opened("bo", i);
    }
    return s;
  }
}
