package dev.orthrus.runtime.validate;

import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.Replay;
import dev.orthrus.runtime.api.ResultKind;
import dev.orthrus.runtime.api.ValidatorThread;
import dev.orthrus.runtime.api.Version;
import java.util.concurrent.atomic.AtomicReference;

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

  /** Runs {@link Validator#check} on a validator's thread; its verdict, or what it threw. */
  static Object checkOnAValidator(ClosureLog log) throws InterruptedException {
    AtomicReference<Object> outcome = new AtomicReference<>();
    Thread t =
        new ValidatorThread(
            () -> {
              try {
                outcome.set(Validator.check(log, new Replay(), new OutputComparator()));
              } catch (RuntimeException | Error e) {
                outcome.set(e);
              }
            },
            "orthrus-validator-test",
            0);
    t.start();
    t.join();
    return outcome.get();
  }
}
