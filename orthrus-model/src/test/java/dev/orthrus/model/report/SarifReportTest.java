package dev.orthrus.model.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.Suppression;
import dev.orthrus.model.json.JsonReader;
import dev.orthrus.model.rules.Rule;
import dev.orthrus.model.rules.ToolInfo;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    List<String> ruleIds =
        arr(driver.get("rules")).stream().map(r -> (String) obj(r).get("id")).toList();
    assertEquals(ruleIds.size(), Set.copyOf(ruleIds).size(), "rule ids are unique");
    for (Object r : arr(driver.get("rules"))) {
      assertTrue(LEVELS.contains(obj(obj(r).get("defaultConfiguration")).get("level")));
      assertFalse(((String) obj(obj(r).get("shortDescription")).get("text")).isEmpty());
    }
    List<Object> results = arr(run.get("results"));
    // 2 report diagnostics + 1 closure diagnostic + 1 violation + 1 io call + 1 recorded clock (a
    // note).
    assertEquals(6, results.size());
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
      assertTrue(
          location.containsKey("physicalLocation") || location.containsKey("logicalLocations"));
      if (location.containsKey("physicalLocation")) {
        Map<String, Object> physical = obj(location.get("physicalLocation"));
        assertEquals(ReportSamples.FILE, obj(physical.get("artifactLocation")).get("uri"));
        assertEquals(
            SarifReport.SOURCE_ROOT, obj(physical.get("artifactLocation")).get("uriBaseId"));
        if (physical.containsKey("region")) {
          assertTrue((Long) obj(physical.get("region")).get("startLine") >= 1);
        }
      }
    }
    Map<String, Object> violation =
        results.stream()
            .map(SarifReportTest::obj)
            .filter(r -> r.get("ruleId").equals("orthrus.closure.unversioned-write"))
            .findFirst()
            .orElseThrow();
    assertEquals("error", violation.get("level"));
    assertEquals(
        List.of(ReportSamples.PUT, "com.example.Store#bump()"),
        arr(obj(violation.get("properties")).get("callChain")));
    Set<String> levels =
        results.stream().map(r -> (String) obj(r).get("level")).collect(Collectors.toSet());
    assertEquals(Set.of("note", "warning", "error"), levels);
  }

  @Test
  void anEmptyReportIsAValidLogWithNoResults() {
    ClosureReport empty =
        new ClosureReport(1, "orthrus-escape-analysis", List.of(), List.of(), List.of());
    Map<String, Object> run =
        obj(arr(obj(JsonReader.parse(SarifReport.render(empty))).get("runs")).get(0));
    assertEquals(List.of(), run.get("results"));
    assertEquals(List.of(), obj(obj(run.get("tool")).get("driver")).get("rules"));
  }

  @Test
  void ioCallAlreadyReportedByTheProcessorIsOneResult() {
    ClosureReport sample = ReportSamples.sample();
    dev.orthrus.model.ClosureModel put = sample.closures().get(0);
    dev.orthrus.model.NondeterministicCall io = put.nondeterministic().get(0);
    List<dev.orthrus.model.Diagnostic> diagnostics = new java.util.ArrayList<>(put.diagnostics());
    diagnostics.add(
        new dev.orthrus.model.Diagnostic(
            "orthrus.closure.io",
            dev.orthrus.model.Severity.ERROR,
            "I/O in a closure",
            io.position()));
    dev.orthrus.model.ClosureModel withDiagnostic =
        new dev.orthrus.model.ClosureModel(
            put.id(),
            put.key(),
            put.name(),
            put.owner(),
            put.method(),
            put.signature(),
            put.source(),
            put.strict(),
            put.comparison(),
            put.receiver(),
            put.parameters(),
            put.result(),
            put.userDataReads(),
            put.userDataWrites(),
            put.allocations(),
            put.calls(),
            put.nondeterministic(),
            put.tags(),
            diagnostics,
            put.reachableMethods(),
            put.violations());
    ClosureReport report =
        new ClosureReport(
            sample.schemaVersion(),
            sample.generator(),
            sample.userDataTypes(),
            List.of(withDiagnostic, sample.closures().get(1)),
            sample.diagnostics());

    List<Object> before =
        arr(
            obj(arr(obj(JsonReader.parse(SarifReport.render(sample))).get("runs")).get(0))
                .get("results"));
    List<Object> after =
        arr(
            obj(arr(obj(JsonReader.parse(SarifReport.render(report))).get("runs")).get(0))
                .get("results"));
    long ioBefore =
        before.stream().filter(r -> obj(r).get("ruleId").equals("orthrus.closure.io")).count();
    long ioAfter =
        after.stream().filter(r -> obj(r).get("ruleId").equals("orthrus.closure.io")).count();
    assertEquals(1, ioBefore, "the analysis alone reports the I/O call");
    assertEquals(1, ioAfter, "the processor's diagnostic and the analysis's call are one finding");
    assertEquals(before.size(), after.size());
  }

  @Test
  void rulesLinkTheirDocsAndTheToolSaysItsVersion() {
    Map<String, Object> run =
        obj(
            arr(obj(JsonReader.parse(SarifReport.render(ReportSamples.sample()))).get("runs"))
                .get(0));
    Map<String, Object> driver = obj(obj(run.get("tool")).get("driver"));
    assertEquals(ToolInfo.version(), driver.get("version"));
    assertEquals(ToolInfo.homeUri(), driver.get("informationUri"));
    for (Object r : arr(driver.get("rules"))) {
      Map<String, Object> rule = obj(r);
      Rule registered = Rule.of((String) rule.get("id"));
      assertEquals(registered.docUri(), rule.get("helpUri"));
      assertEquals(
          registered.severity().name().toLowerCase(java.util.Locale.ROOT),
          obj(rule.get("defaultConfiguration")).get("level"));
    }
    assertFalse(run.containsKey("originalUriBaseIds"), "no source root given, none claimed");
  }

  @Test
  void aKnownSourceRootIsTheBaseOfEveryFile(@TempDir Path project) {
    Path sources = project.resolve("src/main/java");
    Map<String, Object> run =
        obj(
            arr(obj(JsonReader.parse(SarifReport.render(ReportSamples.sample(), sources)))
                    .get("runs"))
                .get(0));
    String root =
        (String) obj(obj(run.get("originalUriBaseIds")).get(SarifReport.SOURCE_ROOT)).get("uri");
    assertEquals(sources.toUri().toString().replaceAll("/?$", "/"), root);
    assertTrue(root.startsWith("file:") && root.endsWith("src/main/java/"), root);
  }

  @Test
  void suppressedFindingsAreNotResults() {
    ClosureReport sample = ReportSamples.sample();
    ClosureReport suppressed =
        new ClosureReport(
            sample.schemaVersion(),
            sample.generator(),
            sample.userDataTypes(),
            sample.closures(),
            sample.diagnostics(),
            List.of(
                new Suppression(
                    List.of("orthrus.closure.io", "orthrus.closure.unversioned-write"),
                    ReportSamples.PUT,
                    ReportSamples.FILE,
                    5,
                    12)));
    List<String> ruleIds =
        arr(
                obj(arr(obj(JsonReader.parse(SarifReport.render(suppressed))).get("runs")).get(0))
                    .get("results"))
            .stream()
            .map(r -> (String) obj(r).get("ruleId"))
            .toList();
    assertFalse(ruleIds.contains("orthrus.closure.io"), ruleIds::toString);
    assertFalse(ruleIds.contains("orthrus.closure.unversioned-write"), ruleIds::toString);
    assertTrue(
        ruleIds.contains("orthrus.closure.nondeterministic"), "other rules stay: " + ruleIds);
  }
}
