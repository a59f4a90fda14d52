package dev.orthrus.model;

import java.util.List;
import java.util.Objects;

/**
 * A call whose result differs between executions, so VAL must replay APP's recorded result, or a
 * side effect that must not run in a closure at all.
 *
 * @param target the callee as {@code owner#name(erased,params)}
 * @param category {@code clock}, {@code random}, {@code identity-hash}, {@code hash-order},
 *     {@code io}, {@code lock}, ...
 * @param handling {@code recorded} (replayed from the log) or {@code error} (not allowed)
 * @param position where it is written
 * @param callChain methods from the closure to the call (empty when it is in the closure itself)
 */
public record NondeterministicCall(
    String target, String category, String handling, SourcePosition position, List<String> callChain) {

  public NondeterministicCall {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(category, "category");
    Objects.requireNonNull(handling, "handling");
    Objects.requireNonNull(position, "position");
    callChain = List.copyOf(callChain);
  }
}
