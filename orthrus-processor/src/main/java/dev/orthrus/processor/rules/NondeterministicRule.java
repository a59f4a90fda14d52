package dev.orthrus.processor.rules;

import dev.orthrus.model.NondeterministicCall.Handling;
import dev.orthrus.model.jdk.JdkCategory;
import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.summary.ApiUse;

/**
 * Clocks, randomness, identity hash codes, the environment, the executing thread, stack traces and
 * exception messages give different results in APP and VAL: they are recorded and replayed, or
 * (unseeded generators, the JDK's shuffle) run with a seed that is. So are the raw bits of a NaN.
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
            : use.category() == JdkCategory.NAN_BITS
                ? "); the bits of a NaN are recorded by the application and replayed to the"
                    + " validator, those of any other value are validated"
                : "); its result is recorded by the application and replayed to the validator");
  }
}
