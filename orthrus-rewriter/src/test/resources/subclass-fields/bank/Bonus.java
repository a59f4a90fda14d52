package bank;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** A third level: a floating-point field of its own. */
@UserData
public class Bonus extends Savings {
  private double bonusRate = 0.05;

  public Bonus(String id, long balance) {
    super(id, balance, 125);
    balance += 10;
  }

  @Closure
  public long applyBonus() {
    long bonus = (long) (balance * bonusRate);
    balance += bonus;
    bonusRate = bonusRate * 0.99;
    return bonus;
  }
}
