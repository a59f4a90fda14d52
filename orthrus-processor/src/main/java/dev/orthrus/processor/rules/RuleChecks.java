package dev.orthrus.processor.rules;

import java.util.List;

/** Every rule check the processor runs, in the order their findings are computed. */
public final class RuleChecks {

  private RuleChecks() {}

  public static List<RuleCheck> all() {
    return List.of(
        new StaticWriteRule(),
        new UnversionedWriteRule(),
        new ArgumentMutationRule(),
        new ThreadRule(),
        new IoRule(),
        new NondeterministicRule(),
        new IdentityHashOrderRule(),
        new LockRule(),
        new MathIntrinsicRule(),
        new SignatureRule(),
        new OwnerRule(),
        new UnannotatedOverrideRule(),
        new ArrayElementWriteRule(),
        new MutableCollectionRule(),
        new WriteOutsideClosureRule(),
        new UserDataSuperclassRule());
  }
}
