package dev.orthrus.runtime.validate;

/** Validators for tests that drive them by hand, without a pool or an agent thread. */
public final class TestValidators {

  private TestValidators() {}

  /** A validator whose {@link Validator#validate} reports to {@code listener}. */
  public static Validator create(int id, ValidationListener listener) {
    // validate() never reads the pool; only the agent's polling does.
    return new Validator(null, id, -1, listener);
  }
}
