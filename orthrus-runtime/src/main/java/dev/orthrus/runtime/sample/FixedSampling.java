package dev.orthrus.runtime.sample;

import dev.orthrus.runtime.ClosureBinding;
import dev.orthrus.runtime.log.AppThread;

/**
 * A fixed rate that the controller cannot change; 1.0 validates everything (stress tests, strict
 * deployments). Under overload executions are still skipped when queues are full.
 */
public final class FixedSampling extends ThresholdSampling {

  public FixedSampling(double rate) {
    super(rate, 1.0);
  }

  @Override
  public boolean sample(ClosureBinding closure, int callerId, AppThread thread) {
    int t = threshold();
    return t >= FULL || draw(thread) < t;
  }

  @Override
  public void lower() {}

  @Override
  public void raise() {}

  @Override
  public String name() {
    return "fixed";
  }
}
