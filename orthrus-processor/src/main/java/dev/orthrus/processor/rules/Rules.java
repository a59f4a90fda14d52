package dev.orthrus.processor.rules;

import java.util.List;

/** Every rule the processor runs, in the order their findings are computed. */
public final class Rules {

  private Rules() {}

  public static List<Rule> all() {
    return List.of(
        new StaticWriteRule(),
        new UnversionedWriteRule(),
        new ThreadRule(),
        new NondeterministicRule(),
        new LockRule(),
        new MathIntrinsicRule(),
        new SignatureRule(),
        new ArrayElementWriteRule(),
        new WriteOutsideClosureRule(),
        new UserDataSuperclassRule());
  }
}
