package knobs;

import dev.orthrus.annotations.Closure;

/** Charges through the policy it was given. */
public final class Svc {
  private final Policy policy;

  public Svc(Policy policy) {
    this.policy = policy;
  }

  @Closure
  public long charge(Acc a, long amount) {
    a.balance -= amount + policy.fee(amount);
    return a.balance;
  }
}
