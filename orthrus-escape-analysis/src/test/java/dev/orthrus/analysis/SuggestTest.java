package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Without annotations, methods writing state reached from a data structure are suggested, ranked. */
class SuggestTest {

  @Test
  void insertRanksFirstAndReadersAreNotSuggested() {
    AnalysisReport report = EscapeAnalyzer.analyze(AnalysisInput.of(Fixtures.compile("suggest")).withSuggest(true));

    assertTrue(report.closures().isEmpty());
    List<String> ranked = report.suggestions().stream().map(Suggestion::method).toList();
    assertFalse(ranked.isEmpty());
    assertEquals("fixtures.suggest.Index#insert(java.lang.String,long)", ranked.get(0), ranked.toString());
    assertTrue(ranked.contains("fixtures.suggest.Index#bump(java.lang.String)"), ranked.toString());
    assertFalse(ranked.contains("fixtures.suggest.Index#lookup(java.lang.String)"));
    assertFalse(ranked.contains("fixtures.suggest.Index#size()"));
    assertFalse(ranked.contains("fixtures.suggest.Index#rename(java.lang.String)"), "a setter is not a closure");
    Suggestion top = report.suggestions().get(0);
    assertTrue(top.reasons().stream().anyMatch(r -> r.contains("Index$Entry.next")), top.reasons().toString());
    assertTrue(top.reasons().stream().anyMatch(r -> r.contains("Map.put")), top.reasons().toString());
    assertTrue(top.position().line() > 0);
  }

  @Test
  void suggestionsAreOffUnlessAskedFor() {
    assertTrue(EscapeAnalyzer.analyze(AnalysisInput.of(Fixtures.compile("suggest"))).suggestions().isEmpty());
  }
}
