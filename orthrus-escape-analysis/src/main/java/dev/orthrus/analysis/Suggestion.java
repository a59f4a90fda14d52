package dev.orthrus.analysis;

import dev.orthrus.model.SourcePosition;
import java.util.List;

/**
 * A method that looks like a data-path operator: it writes heap state reachable from a long-lived
 * data structure. Higher scores first.
 *
 * @param method the method id, {@code owner#name(erased,params)}
 * @param score the ranking score (see docs/analysis.md)
 * @param reasons why, one short sentence each
 * @param position where the method is
 */
public record Suggestion(String method, int score, List<String> reasons, SourcePosition position) {

  public Suggestion {
    reasons = List.copyOf(reasons);
  }
}
