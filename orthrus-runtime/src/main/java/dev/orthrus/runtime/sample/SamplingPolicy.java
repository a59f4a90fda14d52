package dev.orthrus.runtime.sample;

import dev.orthrus.runtime.api.ClosureBinding;

/**
 * Decides which executions are logged and validated. {@link #sample} runs on the application's hot
 * path for every closure call: it must be a few plain reads and arithmetic. Everything else is
 * called by validators or the runtime's controller.
 */
public interface SamplingPolicy {

  /**
   * Should this execution of {@code closure}, called from {@code callerId}, be validated? Called on
   * the application thread, before the runtime looked up anything about that thread.
   */
  boolean sample(ClosureBinding closure, int callerId);

  /** A validator finished a log of this (closure, caller) pair. */
  void validated(ClosureBinding closure, int callerId);

  /** Validation falls behind or pending logs use too much memory: validate less. */
  void lower();

  /** There is headroom: validate more. */
  void raise();

  /**
   * Multiplies the rate by {@code factor} (below 1 lowers, above 1 raises), within the policy's
   * bounds. Policies without fine steps fall back to one {@link #lower()} or {@link #raise()}.
   */
  default void adjust(double factor) {
    if (factor < 1.0) {
      lower();
    } else if (factor > 1.0) {
      raise();
    }
  }

  /**
   * True for a policy the runtime drives by arming call sites (decisions 0009 and 0012, {@link
   * ArmedSampling}): {@code begin} then reads the site's armed word itself and does not call {@link
   * #sample} on executions that are not logged.
   */
  default boolean armed() {
    return false;
  }

  /**
   * Called by the controller every arming period with the executions the overhead budget allows to
   * be logged over the next one; an armed policy arms call sites for (its rate times) that many.
   * Returns the arms added. Other policies ignore it.
   */
  default int arm(double logs) {
    return 0;
  }

  /** The current base rate, 0..1. */
  double rate();

  /** A short name for reports ("adaptive", "random"). */
  String name();
}
