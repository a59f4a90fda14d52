package hooks;

/** The sources' own hooks: seen by the rewriter, so re-executed by the validator. */
public class Flat extends Hooks {
  @Override
  public long[] tiers(long amount) {
    return new long[] {amount / 100, 1};
  }

  @Override
  public Number bonus(long amount) {
    return amount % 3;
  }
}
