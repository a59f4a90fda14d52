package shop;

import dev.orthrus.annotations.Closure;

/** A closure whose object a test spies, stubbing the hook the closure calls on this. */
public class Register {
  public long rate() {
    return 1;
  }

  @Closure
  public long charge(Account a, long amount) {
    a.cents -= amount * rate();
    return a.cents;
  }
}
