package bank;

import java.util.ArrayList;
import java.util.List;

/** Runs the hierarchy's closures on every kind of account; returns what they computed. */
public final class Driver {
  private Driver() {}

  public static String run(int rounds) {
    List<Account> accounts = new ArrayList<>();
    accounts.add(new Account("a", 100));
    accounts.add(new Savings("s", 10_000, 250));
    accounts.add(new Bonus("b", 20_000));
    accounts.add(new Checking("c"));
    accounts.add(new Account("d"));
    accounts.add(new Savings("e"));
    StringBuilder out = new StringBuilder();
    long sum = 0;
    for (int i = 0; i < rounds; i++) {
      Account a = accounts.get(i % accounts.size());
      Account b = accounts.get((i + 1) % accounts.size());
      sum += a.deposit(i % 13);
      sum += Account.transfer(a, b, i % 7);
      if (a instanceof Savings s) {
        sum += s.payInterest();
        sum += Savings.paidBy(s, (Savings) accounts.get(1));
        if (i % 50 == 0) {
          s.setRate(100 + i % 300);
        }
      }
      if (a instanceof Bonus bonus) {
        sum += bonus.applyBonus();
      }
      if (i % 97 == 0) {
        b.rename("round " + i);
      }
    }
    for (Account a : accounts) {
      out.append(a.describe()).append('\n');
    }
    return out.append(sum).toString();
  }
}
