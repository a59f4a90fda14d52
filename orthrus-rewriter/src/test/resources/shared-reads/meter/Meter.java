package meter;

import dev.orthrus.annotations.Closure;

/**
 * Closures that read settings the control path changes: a field of the owner, a static field, an
 * element of a static array, a getter of another object, and a field of an object the closure makes
 * itself.
 */
public final class Meter {

  /** A constant table: private and written only by the initializer. */
  private static final int[] FIXED = {1, 2, 3};

  private final Counter counter = new Counter();
  private final Settings settings;
  /** Changed through {@link #weight(int)}. */
  int weight = 1;
  /** Written only by the constructor: as good as final. */
  private int base;

  public Meter(Settings settings, int base) {
    this.settings = settings;
    this.base = base;
  }

  public void weight(int weight) {
    this.weight = weight;
  }

  /** Adds {@code v}, weighted and scaled by the current settings; returns the new total. */
  @Closure
  public long add(long v) {
    Step step = new Step();
    step.amount =
        v * weight * settings.scale() * FIXED[0] * Settings.RATES[0]
            + Settings.offset
            + Settings.surcharge
            + Settings.penalty
            + base
            + Settings.BONUS[(int) (v % 3)];
    for (long bonus : Settings.BONUS) {
      step.amount = step.amount + bonus;
    }
    long[] bonuses = Settings.BONUS;
    step.amount = step.amount + bonuses[2];
    counter.total = counter.total + step.amount;
    return counter.total;
  }

  /** A scratch object the closure allocates: its fields are the closure's own. */
  static final class Step {
    long amount;
  }
}
