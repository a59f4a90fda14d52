package dev.orthrus.analysis;

/**
 * Receives progress of a long analysis, e.g. to print it on stderr. Called on the analyzing thread;
 * must not call back into {@link EscapeAnalyzer}.
 */
@FunctionalInterface
public interface AnalysisProgress {

  /** Ignores all progress. */
  AnalysisProgress NONE = (phase, done, total) -> {};

  /**
   * @param phase a short name such as {@code load}, {@code bodies}, {@code summaries}, {@code
   *     closures}
   * @param done units finished in this phase
   * @param total units in this phase, or 0 when unknown
   */
  void step(String phase, int done, int total);
}
