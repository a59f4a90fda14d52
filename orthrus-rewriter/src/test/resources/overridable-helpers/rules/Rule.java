package rules;

/** A template method: a concrete step that calls an abstract one and an overridable default. */
public abstract class Rule {

  public long apply(long x) {
    return adjust(x) + base();
  }

  protected abstract long adjust(long x);

  protected long base() {
    return 1;
  }

  /** Recursion through an overridable method. */
  public long depth(long n) {
    return n <= 0 ? 0 : 1 + depth(n - 1);
  }

  public String label(int i) {
    return "rule-" + i;
  }
}
