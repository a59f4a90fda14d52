package dev.orthrus.processor.rules;

import dev.orthrus.model.NondeterministicCall.Handling;
import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.summary.ApiUse;

/**
 * Clocks, randomness, identity hash codes, the environment, the executing thread, stack traces and
 * exception messages give different results in APP and VAL: they are recorded and replayed, or
 * (unseeded generators, the JDK's shuffle) run with a seed that is.
 */
public final class NondeterministicRule extends ApiUseRule {

  public NondeterministicRule() {
    super(Rule.NONDETERMINISTIC);
  }

  @Override
  String describe(ApiUse use, String who) {
    return who
        + " uses `"
        + use.target()
        + "` ("
        + use.category().jsonName()
        + (use.handling() == Handling.SEEDED
            ? "); it runs with a seed the application records and the validator replays"
            : "); its result is recorded by the application and replayed to the validator");
  }
}
