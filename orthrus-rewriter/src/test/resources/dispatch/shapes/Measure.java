package shapes;

/** An abstract class whose implementation reads user data it holds. */
public abstract class Measure {
  abstract long of(long scale);
}
