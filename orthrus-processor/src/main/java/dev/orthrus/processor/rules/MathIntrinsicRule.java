package dev.orthrus.processor.rules;

import dev.orthrus.model.Severity;
import dev.orthrus.processor.summary.ApiUse;

/** {@code Math} functions whose JIT intrinsics may round differently from the interpreter. */
public final class MathIntrinsicRule extends ApiUseRule {

  public static final String KEY = "orthrus.closure.math-intrinsic";

  public MathIntrinsicRule() {
    super(KEY, Severity.NOTE,
        "Math.sin/cos/tan/exp/log/pow/... may differ between interpreted and JIT-compiled code; "
            + "they will be routed to StrictMath");
  }

  @Override
  boolean handles(ApiUse.Kind kind) {
    return kind == ApiUse.Kind.MATH_INTRINSIC;
  }

  @Override
  String describe(ApiUse use, String who) {
    return who + " calls `" + use.target() + "`; its result may differ between interpreted and JIT-compiled "
        + "code, so the rewriter routes it to StrictMath (use StrictMath directly to silence this note)";
  }
}
