package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.model.Diagnostic;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A class the code calls is missing: the analysis names it and carries on, treating it as
 * may-escape.
 */
class PhantomTest {

  static synchronized Path compileWithoutMissing() {
    Path classes = Fixtures.compile("phantom");
    try {
      Files.deleteIfExists(classes.resolve("fixtures/phantom/Missing.class"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return classes;
  }

  @Test
  void missingClassIsReportedNotFatal() {
    AnalysisReport report = EscapeAnalyzer.analyze(AnalysisInput.of(compileWithoutMissing()));

    assertTrue(
        report.missingClasses().contains("fixtures.phantom.Missing"),
        report.missingClasses().toString());
    ClosureAnalysis hand = report.closures().get(0);
    assertEquals("fixtures.phantom.UsesMissing#hand(int)", hand.model().id());
    assertEquals(List.of("fixtures.phantom.Missing#consume(int[])"), hand.unknownCallees());
    List<String> messages = report.diagnostics().stream().map(Diagnostic::message).toList();
    assertTrue(
        messages.contains(
            "unknown callee `fixtures.phantom.Missing#consume(int[])`, treated as may-escape"),
        messages.toString());
    assertTrue(
        report.diagnostics().stream()
            .anyMatch(
                d ->
                    d.key().equals(EscapeAnalyzer.MISSING_CLASSES)
                        && d.message().contains("fixtures.phantom.Missing")));
    assertTrue(report.stats().phantomClasses() >= 1);
  }
}
