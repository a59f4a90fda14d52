package rules;

/** An interface whose default method takes and returns values. */
public interface Scale {
  long unit();

  default long scaled(long x) {
    return x * unit();
  }
}
