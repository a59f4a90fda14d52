package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.summary.ApiUse;

/**
 * Iteration in identity-hash order: the application's and the validator's fresh objects hash
 * differently, so they iterate in different orders, and the order cannot be recorded.
 */
public final class IdentityHashOrderRule extends ApiUseRule {

  public IdentityHashOrderRule() {
    super(Rule.IDENTITY_HASH_ORDER);
  }

  @Override
  String describe(ApiUse use, String who) {
    return who
        + " depends on identity-hash order (`"
        + use.target()
        + "`); the application's and the validator's objects hash differently, so a validator"
        + " cannot reproduce the order: give the key class a hashCode of its fields' values (and"
        + " the classes it hashes, or a record key's components hold, one too), or use a LinkedHashMap,"
        + " LinkedHashSet, TreeMap or list";
  }
}
