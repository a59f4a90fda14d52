package shop.lib;

import dev.orthrus.annotations.Closure;

public final class Ledger {

  private Ledger() {}

  @Closure
  public static long deposit(Account a, long amount) {
    a.balance += amount;
    return a.balance;
  }

  @Closure
  public static long balance(Account a) {
    return a.balance;
  }
}
