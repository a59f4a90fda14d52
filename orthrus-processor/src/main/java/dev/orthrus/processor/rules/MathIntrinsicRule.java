package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.summary.ApiUse;

/** {@code Math} functions whose JIT intrinsics may round differently from the interpreter. */
public final class MathIntrinsicRule extends ApiUseRule {

  public MathIntrinsicRule() {
    super(Rule.MATH_INTRINSIC);
  }

  @Override
  String describe(ApiUse use, String who) {
    return who
        + " calls `"
        + use.target()
        + "`; its result may differ between interpreted and JIT-compiled "
        + "code, so the application's result is recorded and replayed to the validator (call StrictMath, "
        + "which is exact everywhere, to have the computation validated instead)";
  }
}
