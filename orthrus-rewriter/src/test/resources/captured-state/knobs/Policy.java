package knobs;

/** A strategy the program writes as anonymous and local classes. */
public abstract class Policy {
  public abstract long fee(long amount);
}
