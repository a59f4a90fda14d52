package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.model.json.JsonReader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The suggestions JSON says what the analysis found. (The text summary is the CLI's {@code
 * TextReport}, tested there.)
 */
class RenderingTest {

  @Test
  @SuppressWarnings("unchecked")
  void suggestionsJsonHasSchemaVersionAndRankedCandidates() {
    AnalysisReport report =
        EscapeAnalyzer.analyze(AnalysisInput.of(Fixtures.compile("suggest")).withSuggest(true));
    Map<String, Object> json =
        (Map<String, Object>) JsonReader.parse(SuggestionsJson.write(report));
    assertEquals(1L, json.get("schemaVersion"));
    List<Object> suggestions = (List<Object>) json.get("suggestions");
    Map<String, Object> first = (Map<String, Object>) suggestions.get(0);
    assertEquals("fixtures.suggest.Index#insert(java.lang.String,long)", first.get("method"));
    assertTrue(!((List<Object>) first.get("reasons")).isEmpty());
  }
}
