package bank;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.Arrays;

/** Adds fields of its own, an array among them, and sets inherited ones in its constructor. */
@UserData
public class Savings extends Account {
  private int rateBasisPoints;
  private long interestPaid;
  private byte[] statement = new byte[4];
  /** The same name as a private field of Account: a field of its own. */
  private int ops = 100;

  public Savings(String id, long balance, int rateBasisPoints) {
    super(id, balance);
    this.rateBasisPoints = rateBasisPoints;
    balance = balance + 1;
  }

  /** Delegates, then changes its own fields and an inherited one. */
  public Savings(String id) {
    this(id, 1000, 150);
    interestPaid = 1;
    statement = new byte[] {1, 2};
    balance -= 1;
    ops--;
  }

  @Closure
  public long payInterest() {
    long interest = balance * rateBasisPoints / 10_000;
    balance += interest;
    interestPaid += interest;
    this.ops++;
    byte[] next = Arrays.copyOf(statement, statement.length + 1);
    next[statement.length] = (byte) interest;
    statement = next.length > 16 ? Arrays.copyOfRange(next, 8, next.length) : next;
    return interest;
  }

  @Closure
  public static long paidBy(Savings a, Savings b) {
    return a.interestPaid + b.interestPaid + a.statement.length + b.statement.length + a.ops
        + b.ops;
  }

  /** A control-path write of a field of this class. */
  public void setRate(int rateBasisPoints) {
    this.rateBasisPoints = rateBasisPoints;
  }
}
