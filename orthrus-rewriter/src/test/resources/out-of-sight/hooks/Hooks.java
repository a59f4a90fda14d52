package hooks;

/**
 * What a desk asks while it charges: hooks a subclass the protected build never sees overrides
 * (the tests', another module's), taking or giving objects that can change.
 */
public abstract class Hooks {

  /** The tiers of a charge, in a new array. */
  public abstract long[] tiers(long amount);

  /** A bonus, of whatever kind of number. */
  public abstract Number bonus(long amount);

  /** Writes a label into the desk's builder. */
  public void render(StringBuilder label, long amount) {
    label.append(amount);
  }
}
