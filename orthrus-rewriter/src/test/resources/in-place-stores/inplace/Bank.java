package inplace;

import dev.orthrus.annotations.Closure;

public final class Bank {
  private final Account account = new Account(1_000_000, "ada");

  /** A compound assignment that throws on 0: the store must leave the account as it was. */
  @Closure
  public int divide(int d) {
    account.balance /= d;
    return account.balance;
  }

  /** Written by one thread while another renames the owner: neither store may be lost. */
  @Closure
  public long deposit(int amount) {
    account.balance += amount;
    return ++account.deposits;
  }

  @Closure
  public void rename(String owner) {
    account.owner = owner;
  }

  @Closure
  public String describe() {
    return account.owner + " " + account.balance + " " + account.deposits;
  }
}
