package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.model.json.JsonReader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The text summary and the suggestions JSON say what the analysis found. */
class RenderingTest {

  @Test
  void textNamesClosuresEscapesAndViolations() {
    String text = AnalysisReportText.render(EscapeAnalyzer.analyze(AnalysisInput.of(Fixtures.compile("calls"))));
    assertTrue(text.contains("total-area  fixtures.calls.Operators#totalArea(java.util.List)"), text);
    assertTrue(text.contains("error [orthrus.closure.static-write]"), text);
    assertTrue(text.contains("via fixtures.calls.Operators#count(fixtures.calls.Cell) -> fixtures.calls.Operators#bump()"), text);
    assertTrue(text.contains("clock (recorded) java.lang.System#nanoTime()"), text);
  }

  @Test
  @SuppressWarnings("unchecked")
  void suggestionsJsonHasSchemaVersionAndRankedCandidates() {
    AnalysisReport report = EscapeAnalyzer.analyze(AnalysisInput.of(Fixtures.compile("suggest")).withSuggest(true));
    Map<String, Object> json = (Map<String, Object>) JsonReader.parse(SuggestionsJson.write(report));
    assertEquals(1L, json.get("schemaVersion"));
    List<Object> suggestions = (List<Object>) json.get("suggestions");
    Map<String, Object> first = (Map<String, Object>) suggestions.get(0);
    assertEquals("fixtures.suggest.Index#insert(java.lang.String,long)", first.get("method"));
    assertTrue(!((List<Object>) first.get("reasons")).isEmpty());
    assertTrue(AnalysisReportText.render(report).contains("Candidate closures (best first):"));
  }
}
