package dev.orthrus.runtime.sample;

import dev.orthrus.runtime.ClosureBinding;
import dev.orthrus.runtime.log.AppThread;

/**
 * Decides which executions are logged and validated. {@link #sample} runs on the application's
 * hot path for every closure call: it must be a few plain reads and arithmetic. Everything else is
 * called by validators or the runtime's controller.
 */
public interface SamplingPolicy {

  /** Should this execution of {@code closure}, called from {@code callerId}, be validated? */
  boolean sample(ClosureBinding closure, int callerId, AppThread thread);

  /** A validator finished a log of this (closure, caller) pair. */
  void validated(ClosureBinding closure, int callerId);

  /** Validation falls behind or pending logs use too much memory: validate less. */
  void lower();

  /** There is headroom: validate more. */
  void raise();

  /** The current base rate, 0..1. */
  double rate();

  /** A short name for reports ("adaptive", "random"). */
  String name();
}
