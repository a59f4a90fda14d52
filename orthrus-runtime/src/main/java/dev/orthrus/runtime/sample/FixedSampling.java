package dev.orthrus.runtime.sample;

import dev.orthrus.runtime.api.ClosureBinding;

/**
 * A fixed rate that the controller cannot change; 1.0 validates everything (stress tests, strict
 * deployments). Under overload executions are still skipped, when a thread's logs are all pending
 * or its memory budget is used up.
 */
public final class FixedSampling extends ThresholdSampling {

  public FixedSampling(double rate) {
    super(rate, 1.0);
  }

  @Override
  public boolean sample(ClosureBinding closure, int callerId) {
    return countDown(closure.strict() ? ClosureBinding.STRICT_WEIGHT : 1) == 0;
  }

  @Override
  public void lower() {}

  @Override
  public void raise() {}

  @Override
  public void adjust(double factor) {}

  @Override
  public String name() {
    return "fixed";
  }
}
