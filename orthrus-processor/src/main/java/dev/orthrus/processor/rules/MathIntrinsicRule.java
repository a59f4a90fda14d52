package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.summary.ApiUse;

/** {@code Math} functions whose last bit may differ from {@code StrictMath}'s and between JVMs. */
public final class MathIntrinsicRule extends ApiUseRule {

  public MathIntrinsicRule() {
    super(Rule.MATH_INTRINSIC);
  }

  @Override
  String describe(ApiUse use, String who) {
    return who
        + " calls `"
        + use.target()
        + "`, whose last bit may differ from StrictMath's and between JVMs; a protected build "
        + "validates it as written, since HotSpot computes it with the same code interpreted and "
        + "compiled (call StrictMath for the same result on every JVM)";
  }
}
