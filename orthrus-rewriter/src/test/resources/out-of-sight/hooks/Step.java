package hooks;

/** A step the program's own helper runs, taking and returning values. */
public interface Step {
  long apply(long x);
}
