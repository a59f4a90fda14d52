package rules;

/** A rule of the sources that a class of the sources extends again. */
public class Doubling extends Rule {
  @Override
  protected long adjust(long x) {
    return 2 * x;
  }
}
