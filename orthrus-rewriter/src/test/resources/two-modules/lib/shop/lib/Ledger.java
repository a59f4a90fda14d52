package shop.lib;

import dev.orthrus.annotations.Closure;

/** The module that holds the user data and the closures that touch it. */
public final class Ledger {

  private Ledger() {}

  @Closure
  public static long deposit(Account a, long amount) {
    if (amount <= 0) {
      throw new IllegalArgumentException("non-positive amount " + amount + " for " + a.id);
    }
    a.balance += amount;
    a.movements++;
    return a.balance;
  }

  @Closure
  public static String describe(Account a) {
    return a.id + ": " + a.balance + " after " + a.movements + " movements";
  }

  /** Its own variants are named with a $: a method of this module takes the plain one's name. */
  @Closure
  public static long render(Account a) {
    return a.balance * 31 + a.movements;
  }

  public static long renderPlain(long x) {
    return x;
  }

  /** Not a closure, nor in a user-data class: another module's closures call its variants too. */
  public static long weighted(Account a, int weight) {
    return a.balance() * weight + a.movements;
  }
}
