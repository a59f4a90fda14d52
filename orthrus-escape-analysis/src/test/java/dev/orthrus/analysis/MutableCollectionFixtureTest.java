package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.rules.Rule;
import dev.orthrus.model.rules.RuleFinding;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Collections in user data from bytecode alone ({@code fixtures/collections}): every line marked
 * {@code // MUTABLE} is reported as {@code orthrus.userdata.mutable-collection}, and no other line;
 * and the processor's {@code @SuppressWarnings}, read from its report, silence the analysis too.
 */
class MutableCollectionFixtureTest {

  private static final Path SOURCE = Fixtures.ROOT.resolve("collections/Book.java");
  private static AnalysisReport report;

  @BeforeAll
  static void analyze() {
    report =
        EscapeAnalyzer.analyze(
            AnalysisInput.of(Fixtures.compile("collections")).withClasspath(libraries()));
  }

  /** The annotations and pcollections, so nothing the fixture uses is a phantom. */
  static List<Path> libraries() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(e -> e.contains("orthrus-annotations") || e.contains("pcollections"))
        .map(Path::of)
        .toList();
  }

  @Test
  void everyMarkedLineAndNoOtherIsReported() throws IOException {
    List<String> lines = Files.readAllLines(SOURCE);
    Set<Long> expected =
        IntStream.range(0, lines.size())
            .filter(i -> lines.get(i).contains("// MUTABLE"))
            .mapToObj(i -> (long) i + 1)
            .collect(Collectors.toCollection(TreeSet::new));
    Set<Long> reported =
        RuleFinding.of(report.toClosureReport()).stream()
            .filter(f -> f.key().equals(Rule.MUTABLE_COLLECTION.key()))
            .map(f -> f.position().line())
            .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(List.of(), report.missingClasses());
    assertEquals(expected, reported);
  }

  @Test
  void mutationsInClosuresAreViolationsWithTheirClosure() {
    ClosureModel add =
        report.closures().stream()
            .map(ClosureAnalysis::model)
            .filter(c -> c.method().equals("add"))
            .findFirst()
            .orElseThrow();
    assertEquals(
        2,
        add.violations().stream()
            .filter(v -> v.key().equals(Rule.MUTABLE_COLLECTION.key()))
            .count(),
        add.violations().toString());
  }

  @Test
  void theProcessorsSuppressionsSilenceTheAnalysis() {
    assertTrue(
        RuleFinding.of(report.toClosureReport()).stream()
            .anyMatch(f -> f.key().equals(Rule.NONDETERMINISTIC.key())),
        "without the processor's report the annotation is not in the class files");
    ProcessorRun processor = ProcessorRun.compile(List.of(SOURCE), List.of());
    assertFalse(processor.report.suppressions().isEmpty());
    AnalysisReport withProcessor =
        EscapeAnalyzer.analyze(
            AnalysisInput.of(Fixtures.compile("collections"))
                .withClasspath(libraries())
                .withProcessorReport(processor.report));
    List<RuleFinding> findings = RuleFinding.of(withProcessor.toClosureReport());
    assertFalse(
        findings.stream().anyMatch(f -> f.key().equals(Rule.NONDETERMINISTIC.key())),
        findings::toString);
    // Both stages found the mutable collections; each is listed once.
    Set<Long> lines = new TreeSet<>();
    for (RuleFinding f : findings) {
      if (f.key().equals(Rule.MUTABLE_COLLECTION.key())) {
        assertTrue(lines.add(f.position().line()) || f.closure() != null, "listed twice: " + f);
      }
    }
    assertEquals(5, lines.size(), findings::toString);
  }
}
