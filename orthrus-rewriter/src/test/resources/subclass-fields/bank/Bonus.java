package bank;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/**
 * A third level: a floating-point field of its own; reads and writes its inherited fields through
 * {@code super} and {@code this}, in closures and in its constructor.
 */
@UserData
public class Bonus extends Savings {
  private double bonusRate = 0.05;
  private long ops;

  public Bonus(String id, long balance) {
    super(id, balance, 125);
    balance += 10;
    this.balance += 3;
    super.balance -= 1;
    bonusRate = bonusRate + (++this.balance % 2) * 0.001 + (this.balance-- % 3) * 0.002;
  }

  @Closure
  public long applyBonus() {
    long bonus = (long) (super.balance * bonusRate);
    super.balance += bonus;
    bonusRate = bonusRate * 0.99;
    ops += bonus;
    return bonus + ops % 7;
  }
}
