package dev.orthrus.runtime.sample;

import dev.orthrus.runtime.api.ClosureBinding;

/**
 * Uniform random sampling, as in the paper's artifact. It follows the same rate controller as
 * {@link AdaptiveSampling}, so comparing the two compares only the choice of executions.
 */
public final class RandomSampling extends ThresholdSampling {

  public RandomSampling(double initialRate) {
    super(initialRate, 1.0);
  }

  @Override
  public boolean sample(ClosureBinding closure, int callerId) {
    return countDown(closure.strict() ? ClosureBinding.STRICT_WEIGHT : 1) == 0;
  }

  @Override
  public String name() {
    return "random";
  }
}
