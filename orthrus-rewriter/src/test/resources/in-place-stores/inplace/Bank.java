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

  /**
   * {@code +=} of an object on a String field: the object's toString runs the program's code, here a
   * store to the same account, which must not wait for the store it is part of.
   */
  @Closure
  public String note(int n) {
    account.owner += new Note(this, n);
    return account.owner;
  }

  /** A text whose toString makes a deposit into the account it is appended to. */
  static final class Note {
    private final Bank bank;
    private final int n;

    Note(Bank bank, int n) {
      this.bank = bank;
      this.n = n;
    }

    @Override
    public String toString() {
      bank.deposit(n);
      return "+" + n;
    }
  }

  @Closure
  public String describe() {
    return account.owner + " " + account.balance + " " + account.deposits;
  }
}
