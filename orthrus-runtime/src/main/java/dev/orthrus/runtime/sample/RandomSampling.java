package dev.orthrus.runtime.sample;

import dev.orthrus.runtime.ClosureBinding;
import dev.orthrus.runtime.log.AppThread;

/**
 * Uniform random sampling, as in the paper's artifact. It follows the same rate controller as
 * {@link AdaptiveSampling}, so comparing the two compares only the choice of executions.
 */
public final class RandomSampling extends ThresholdSampling {

  public RandomSampling(double initialRate) {
    super(initialRate, 1.0);
  }

  @Override
  public boolean sample(ClosureBinding closure, int callerId, AppThread thread) {
    int t = threshold();
    return t >= FULL || draw(thread) < t;
  }

  @Override
  public String name() {
    return "random";
  }
}
