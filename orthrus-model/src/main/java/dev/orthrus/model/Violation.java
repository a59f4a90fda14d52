package dev.orthrus.model;

import java.util.List;
import java.util.Objects;

/**
 * A rule violation found through the whole-program call graph.
 *
 * @param key the rule key, e.g. {@code orthrus.closure.unversioned-write}
 * @param message what is wrong
 * @param callChain methods from the closure to the offending one, as {@code owner#signature}
 * @param position where the offending statement is, when known
 */
public record Violation(
    String key, String message, List<String> callChain, SourcePosition position) {

  public Violation {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(position, "position");
    callChain = List.copyOf(callChain);
  }
}
