package hooks;

import dev.orthrus.annotations.Closure;

/** Charges accounts through hooks and a lookup it is given. */
public final class Desk {
  private final Hooks hooks;
  private final Lookup<Long> lookup;

  public Desk(Hooks hooks, Lookup<Long> lookup) {
    this.hooks = hooks;
    this.lookup = lookup;
  }

  /** Asks each hook once: an array answer, a number answer, and a builder the hook fills. */
  @Closure
  public long charge(Account a, long amount) {
    long[] tiers = hooks.tiers(amount);
    tiers[1] += 1; // the closure writes into the array it was answered
    StringBuilder label = new StringBuilder("#");
    hooks.render(label, amount);
    long fee = tiers[0] + tiers[1] + hooks.bonus(amount).longValue() + label.length();
    a.balance = a.balance - amount - fee;
    return a.balance;
  }

  /** Asks the lookup, whose answer through the type variable is a Long: a value. */
  @Closure
  public long credit(Account a, long key) {
    a.balance = a.balance + lookup.find(key);
    return a.balance;
  }
}
