package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Without annotations, methods writing state reached from a data structure are suggested, ranked.
 */
class SuggestTest {

  @Test
  void insertRanksFirstAndReadersAreNotSuggested() {
    AnalysisReport report =
        EscapeAnalyzer.analyze(AnalysisInput.of(Fixtures.compile("suggest")).withSuggest(true));

    assertTrue(report.closures().isEmpty());
    List<String> ranked = report.suggestions().stream().map(Suggestion::method).toList();
    assertFalse(ranked.isEmpty());
    assertEquals(
        "fixtures.suggest.Index#insert(java.lang.String,long)", ranked.get(0), ranked.toString());
    assertTrue(ranked.contains("fixtures.suggest.Index#bump(java.lang.String)"), ranked.toString());
    assertFalse(ranked.contains("fixtures.suggest.Index#lookup(java.lang.String)"));
    assertFalse(ranked.contains("fixtures.suggest.Index#size()"));
    // A lambda's class (Soot names it Workers$lambda_runAll_0__1) is not code to annotate.
    assertTrue(ranked.stream().noneMatch(m -> m.contains("lambda_")), ranked.toString());
    assertFalse(
        ranked.contains("fixtures.suggest.Index#rename(java.lang.String)"),
        "a setter is not a closure");
    Suggestion top = report.suggestions().get(0);
    assertTrue(
        top.reasons().stream().anyMatch(r -> r.contains("Index$Entry.next")),
        top.reasons().toString());
    assertTrue(
        top.reasons().stream().anyMatch(r -> r.contains("Map.put")), top.reasons().toString());
    assertTrue(top.position().line() > 0);
  }

  /**
   * A method already annotated @Closure is not suggested again, nor a method of an anonymous class,
   * which cannot own a closure (an outside trial's top suggestions on real libraries).
   */
  @Test
  void closuresAndAnonymousClassesAreNotSuggested() {
    AnalysisReport report =
        EscapeAnalyzer.analyze(
            AnalysisInput.of(Fixtures.compile("suggestmixed")).withSuggest(true));
    List<String> ranked = report.suggestions().stream().map(Suggestion::method).toList();
    assertTrue(
        ranked.contains("fixtures.suggestmixed.Tally#forget(java.lang.String)"), ranked.toString());
    assertFalse(
        ranked.contains("fixtures.suggestmixed.Tally#count(java.lang.String)"), ranked.toString());
    assertTrue(ranked.stream().noneMatch(m -> m.contains("Tally$1")), ranked.toString());
  }

  @Test
  void everyMutatorOfAnLruCacheIsSuggestedWithItsReason() {
    AnalysisReport report =
        EscapeAnalyzer.analyze(AnalysisInput.of(Fixtures.compile("suggest")).withSuggest(true));
    Map<String, List<String>> reasons = new HashMap<>();
    report.suggestions().forEach(s -> reasons.put(s.method(), s.reasons()));
    String lru = "fixtures.suggest.LruCache#";

    assertReason(
        reasons,
        lru + "get(java.lang.String)",
        "writes objects reached from this: LruCache$Node.hits");
    assertReason(
        reasons,
        lru + "put(java.lang.String,java.lang.String)",
        "inserts into containers held by this: Map.put");
    assertReason(
        reasons,
        lru + "remove(java.lang.String)",
        "removes from containers held by this: Map.remove");
    assertReason(reasons, lru + "evict()", "removes from containers held by this: Iterator.remove");
    assertFalse(reasons.containsKey(lru + "size()"), reasons::toString);
    assertFalse(reasons.containsKey(lru + "contains(java.lang.String)"), reasons::toString);
    // Building the node it inserts is no write to the cache's existing structure.
    assertTrue(
        reasons.get(lru + "put(java.lang.String,java.lang.String)").stream()
            .noneMatch(r -> r.contains("<init>")),
        reasons::toString);
  }

  private static void assertReason(
      Map<String, List<String>> reasons, String method, String reason) {
    assertTrue(
        reasons.containsKey(method), () -> method + " is not suggested: " + reasons.keySet());
    assertTrue(reasons.get(method).contains(reason), () -> method + ": " + reasons.get(method));
  }

  @Test
  void suggestionsAreOffUnlessAskedFor() {
    assertTrue(
        EscapeAnalyzer.analyze(AnalysisInput.of(Fixtures.compile("suggest")))
            .suggestions()
            .isEmpty());
  }
}
