package dev.orthrus.model.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.json.JsonReader;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Checks the members the SARIF 2.1.0 schema requires (sarifLog: version, runs; run: tool; tool:
 * driver; toolComponent: name; result: message; message: text; region: startLine >= 1;
 * reportingDescriptor: id), plus what code-scanning tools need (ruleId, locations).
 */
class SarifReportTest {

  private static final Set<String> LEVELS = Set.of("none", "note", "warning", "error");

  @SuppressWarnings("unchecked")
  private static Map<String, Object> obj(Object o) {
    assertInstanceOf(Map.class, o);
    return (Map<String, Object>) o;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> arr(Object o) {
    assertInstanceOf(List.class, o);
    return (List<Object>) o;
  }

  @Test
  void hasTheRequiredStructure() {
    Map<String, Object> log = obj(JsonReader.parse(SarifReport.render(ReportSamples.sample())));
    assertEquals("2.1.0", log.get("version"));
    assertEquals(SarifReport.SCHEMA, log.get("$schema"));
    List<Object> runs = arr(log.get("runs"));
    assertEquals(1, runs.size());
    Map<String, Object> run = obj(runs.get(0));
    Map<String, Object> driver = obj(obj(run.get("tool")).get("driver"));
    assertEquals("orthrus", driver.get("name"));
    List<String> ruleIds = arr(driver.get("rules")).stream().map(r -> (String) obj(r).get("id")).toList();
    assertEquals(ruleIds.size(), Set.copyOf(ruleIds).size(), "rule ids are unique");
    for (Object r : arr(driver.get("rules"))) {
      assertTrue(LEVELS.contains(obj(obj(r).get("defaultConfiguration")).get("level")));
      assertFalse(((String) obj(obj(r).get("shortDescription")).get("text")).isEmpty());
    }
    List<Object> results = arr(run.get("results"));
    // 2 report diagnostics + 1 closure diagnostic + 1 violation + 1 io call (the recorded clock is not a finding).
    assertEquals(5, results.size());
    for (Object o : results) {
      Map<String, Object> result = obj(o);
      String ruleId = (String) result.get("ruleId");
      assertTrue(ruleIds.contains(ruleId), ruleId);
      assertEquals((long) ruleIds.indexOf(ruleId), result.get("ruleIndex"));
      assertTrue(LEVELS.contains(result.get("level")));
      assertFalse(((String) obj(result.get("message")).get("text")).isEmpty());
      List<Object> locations = arr(result.get("locations"));
      assertFalse(locations.isEmpty());
      Map<String, Object> location = obj(locations.get(0));
      assertTrue(location.containsKey("physicalLocation") || location.containsKey("logicalLocations"));
      if (location.containsKey("physicalLocation")) {
        Map<String, Object> physical = obj(location.get("physicalLocation"));
        assertEquals(ReportSamples.FILE, obj(physical.get("artifactLocation")).get("uri"));
        if (physical.containsKey("region")) {
          assertTrue((Long) obj(physical.get("region")).get("startLine") >= 1);
        }
      }
    }
    Map<String, Object> violation = results.stream().map(SarifReportTest::obj)
        .filter(r -> r.get("ruleId").equals("orthrus.closure.unversioned-write")).findFirst().orElseThrow();
    assertEquals("error", violation.get("level"));
    assertEquals(List.of(ReportSamples.PUT, "com.example.Store#bump()"), arr(obj(violation.get("properties")).get("callChain")));
    Set<String> levels = results.stream().map(r -> (String) obj(r).get("level")).collect(Collectors.toSet());
    assertEquals(Set.of("note", "warning", "error"), levels);
  }

  @Test
  void anEmptyReportIsAValidLogWithNoResults() {
    ClosureReport empty = new ClosureReport(1, "orthrus-escape-analysis", List.of(), List.of(), List.of());
    Map<String, Object> run = obj(arr(obj(JsonReader.parse(SarifReport.render(empty))).get("runs")).get(0));
    assertEquals(List.of(), run.get("results"));
    assertEquals(List.of(), obj(obj(run.get("tool")).get("driver")).get("rules"));
  }
}
