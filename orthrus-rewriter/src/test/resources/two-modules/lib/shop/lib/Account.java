package shop.lib;

import dev.orthrus.annotations.UserData;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

@UserData
public final class Account implements Priced, Rated {
  final String id;
  long balance;

  /** A public mutable field, which only this module's code can write (Writer in app-writes). */
  public int tag;
  int movements;

  public Account(String id) {
    this.id = id;
  }

  /** Not a closure: another module's closures call its variants (decision 0075). */
  public long balance() {
    return balance;
  }

  @Override
  public long price() {
    return balance * 2 + movements;
  }

  @Override
  public long rate() {
    return movements;
  }

  /** Calls another exported method, and a private one. */
  public String summary() {
    return id + " holds " + balance() + " after " + count() + " movements";
  }

  private int count() {
    return movements;
  }

  /** Reads the clock: a validator would read another time, so it gets no variants for others. */
  public long stampedBalance() {
    return balance + (System.nanoTime() == Long.MIN_VALUE ? 1 : 0);
  }

  /**
   * Iterates in identity-hash order, which the processor checks in closures only: it gets no
   * variants for others.
   */
  public long identityOrdered(Account other) {
    Map<Account, Long> seen = new IdentityHashMap<>();
    seen.put(this, balance);
    seen.put(other, other.balance);
    long mixed = 0;
    for (long v : seen.values()) {
      mixed = mixed * 31 + v;
    }
    return mixed;
  }

  /**
   * Keeps a lambda that reads user data where a call does not take it, which a variant cannot: it
   * gets none for others.
   */
  public long keptBalance() {
    LongSupplier read = () -> balance;
    LongSupplier same = read;
    return same.getAsLong();
  }
}
