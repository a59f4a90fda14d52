package dev.orthrus.runtime.validate;

import dev.orthrus.runtime.api.ClosureLog;

/** What a validator reports; implemented by the runtime (statistics, sampling, detections). */
public interface ValidationListener {

  /**
   * A log was re-executed; {@code delayNanos} is queue wait plus re-execution, or -1 for a log
   * published without a timestamp.
   */
  void validated(ClosureLog log, long delayNanos, Validator validator);

  /** VAL's outputs differed from APP's. Called before the log is recycled. */
  void mismatch(ClosureLog log, Mismatch mismatch, Validator validator);

  /**
   * The log could not be validated, for a reason that is not evidence of a faulty core (see {@link
   * NotValidatedException}); called instead of {@link #validated}.
   */
  void notValidated(ClosureLog log, String reason, Validator validator);

  /** The validator found no work; a chance for periodic control while logs are rare. */
  default void idle(Validator validator) {}
}
