package dev.orthrus.processor.rules;

import dev.orthrus.model.Severity;
import dev.orthrus.processor.summary.ApiUse;

/**
 * Clocks, randomness, identity hash codes and hash-ordered iteration give different results in
 * APP and VAL: they are recorded and replayed (a note). I/O is a side effect that must stay in the
 * control path (an error).
 */
public final class NondeterministicRule extends ApiUseRule {

  public static final String KEY = "orthrus.closure.nondeterministic";

  public NondeterministicRule() {
    super(KEY, Severity.NOTE,
        "clocks, randomness, identity hash codes and hash-ordered iteration are recorded and replayed; "
            + "I/O in a closure is an error");
  }

  @Override
  boolean handles(ApiUse.Kind kind) {
    return kind == ApiUse.Kind.NONDETERMINISTIC || kind == ApiUse.Kind.IO;
  }

  @Override
  Severity severityOf(ApiUse use) {
    return use.kind() == ApiUse.Kind.IO ? Severity.ERROR : Severity.NOTE;
  }

  @Override
  String describe(ApiUse use, String who) {
    if (use.kind() == ApiUse.Kind.IO) {
      return who + " does I/O (`" + use.target() + "`); a validator would repeat the side effect: "
          + "move it to the control path and pass the data in or out";
    }
    return who + " uses `" + use.target() + "` (" + use.category()
        + "); its result is recorded by the application and replayed to the validator";
  }
}
