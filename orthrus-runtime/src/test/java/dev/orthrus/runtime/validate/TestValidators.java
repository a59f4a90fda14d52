package dev.orthrus.runtime.validate;

import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.ResultKind;
import dev.orthrus.runtime.api.Version;

/**
 * Validators for tests that drive them by hand, without a pool or an agent thread, and the logs
 * they validate.
 */
public final class TestValidators {

  private TestValidators() {}

  /** A validator whose {@link Validator#validate} reports to {@code listener}. */
  public static Validator create(int id, ValidationListener listener) {
    // validate() never reads the pool; only the agent's polling does.
    return new Validator(null, id, -1, listener);
  }

  /**
   * A finished log of {@code closure} on an application thread named "app": the given reference
   * arguments and loads, nothing else recorded, and the given outcome.
   */
  static ClosureLog log(
      ClosureBinding closure,
      Object[] refArgs,
      Version[] loads,
      ResultKind kind,
      long bits,
      Object ref) {
    return ClosureLog.restore(
        closure,
        0,
        0,
        "app",
        null,
        refArgs,
        new long[0],
        loads,
        new Version[0],
        new Object[0],
        new long[0],
        new Object[0],
        kind,
        bits,
        ref);
  }
}
