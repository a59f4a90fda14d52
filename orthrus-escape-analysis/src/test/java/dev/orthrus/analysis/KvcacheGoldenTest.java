package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.json.ClosureReportJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The kvcache sample's closure report from bytecode alone, against a golden file. Run with {@code
 * -Dorthrus.updateGoldens=true} to rewrite the golden when a change is intended.
 */
class KvcacheGoldenTest {

  static final Path SOURCES = Path.of("../samples/kvcache/src/main/java");
  static final Path GOLDEN = Path.of("src/test/resources/golden/kvcache-closures.json");

  @Test
  void matchesGolden() throws Exception {
    Path classes = Fixtures.compileSources(List.of(SOURCES), "kvcache");
    List<Path> annotations =
        java.util.Arrays.stream(
                System.getProperty("java.class.path").split(java.io.File.pathSeparator))
            .filter(e -> e.contains("orthrus-annotations"))
            .map(Path::of)
            .toList();
    AnalysisReport analysis =
        EscapeAnalyzer.analyze(AnalysisInput.of(classes).withClasspath(annotations));
    assertEquals(
        List.of(),
        analysis.missingClasses(),
        "with the annotations on the classpath nothing is missing");
    ClosureReport report = analysis.toClosureReport();
    String json = ClosureReportJson.write(report);

    // The bar: every closure has reachable methods and allocations with escape states; those that
    // copy values are tagged.
    assertEquals(11, report.closures().size());
    for (ClosureModel c : report.closures()) {
      assertFalse(c.reachableMethods().isEmpty(), c.id());
      c.allocations().forEach(a -> assertNotNull(a.escape(), c.id() + " " + a));
    }
    assertTrue(
        report.closures().stream()
            .filter(c -> c.id().contains("#valueReply("))
            .allMatch(c -> c.tags().contains(dev.orthrus.model.Tag.VECTOR)));
    assertTrue(report.closures().stream().anyMatch(c -> !c.allocations().isEmpty()));
    assertEquals(report, ClosureReportJson.read(json), "the JSON reads back to the same report");

    if (Boolean.getBoolean("orthrus.updateGoldens")) {
      Files.writeString(GOLDEN, json);
    }
    assertEquals(
        Files.readString(GOLDEN),
        json,
        "golden differs; rerun with -Dorthrus.updateGoldens=true if intended");
  }
}
