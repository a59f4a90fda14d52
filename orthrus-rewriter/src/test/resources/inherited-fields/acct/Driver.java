package acct;

/** Makes accounts on the control path and inside closures' callers; returns what they computed. */
public final class Driver {
  private Driver() {}

  public static String run(int rounds) {
    StringBuilder out = new StringBuilder();
    long sum = 0;
    for (int i = 0; i < rounds; i++) {
      Savings a = new Savings(100 + i, i % 50, "a" + i);
      Account b = i % 2 == 0 ? new Account(i) : new Checking(i);
      sum += a.available() + b.available();
      sum += Account.transfer(a, b, i % 30);
      sum += Account.transfer(b, a, 1);
      if (i % 100 == 0) {
        out.append(a.available()).append(' ').append(b.available()).append('\n');
      }
    }
    return out.append(sum).toString();
  }
}
