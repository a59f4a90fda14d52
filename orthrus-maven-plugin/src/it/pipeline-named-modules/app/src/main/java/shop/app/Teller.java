package shop.app;

import dev.orthrus.annotations.Closure;
import shop.lib.Account;
import shop.lib.Ledger;

public final class Teller {

  private Teller() {}

  @Closure
  public static long payTwice(Account a, long amount) {
    Ledger.deposit(a, amount);
    long covered = a.covers(amount) ? 0 : 1;
    return Ledger.deposit(a, amount) - Ledger.balance(a) + covered;
  }

  public static void main(String[] args) {
    Account a = new Account(100);
    long sum = 0;
    for (int i = 1; i <= 100; i++) {
      sum += payTwice(a, i);
    }
    System.out.println("balance " + Ledger.balance(a) + " sum " + sum);
  }
}
