package rules;

/** A subclass of the sources that overrides the default step too. */
public final class Tripling extends Doubling {
  @Override
  protected long adjust(long x) {
    return 3 * x;
  }

  @Override
  protected long base() {
    return 7;
  }
}
