package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.Violation;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A for-each over a JDK list runs the JDK's iterator, not every {@code Iterator} the application
 * declares. The {@code iterables} fixture's {@code Bag} is {@code Iterable} over its nodes through
 * an anonymous iterator that writes its cursor field; class-hierarchy dispatch of {@code
 * Iterator.next()} sent a closure's loop over its own {@code ArrayList} there, and the cursor write
 * was reported as an unversioned write of correct code. The fixture's {@code Scorer} also declares
 * an abstract closure, which the analysis must not report missing.
 */
class LibraryIteratorsTest {

  private static final String BAG_NEXT = "iterables.Bag$1#next()";

  private static AnalysisReport report;

  @BeforeAll
  static void analyze() {
    report = EscapeAnalyzer.analyze(AnalysisInput.of(Fixtures.compile("iterables")));
  }

  private static ClosureModel closure(String method) {
    return Fixtures.closure(report, method);
  }

  private static List<Violation> unversionedWrites(String method) {
    return Fixtures.unversionedWrites(report, method);
  }

  @Test
  void aLoopOverAJdkListDoesNotReachTheApplicationsIterators() {
    assertEquals(List.of(), unversionedWrites("max"));
    assertFalse(
        closure("max").reachableMethods().contains(BAG_NEXT),
        closure("max").reachableMethods()::toString);
  }

  @Test
  void aLoopOverTheApplicationsIterableStillRunsItsIterator() {
    assertTrue(
        closure("sum").reachableMethods().contains(BAG_NEXT),
        closure("sum").reachableMethods()::toString);
    assertEquals(List.of(), unversionedWrites("sum"), "the iterator is the closure's own object");
  }

  /**
   * The processor lists an interface's abstract closure, which has no body in the class files: it
   * is not a closure missing from the analyzed classes (outside trial 10 saw a warning on it).
   */
  @Test
  void anAbstractClosureIsNotReportedMissing() {
    ProcessorRun processor =
        ProcessorRun.compile(
            List.of(
                Fixtures.ROOT.resolve("iterables/Bag.java"),
                Fixtures.ROOT.resolve("iterables/Scorer.java"),
                Fixtures.ROOT.resolve("iterables/Largest.java")),
            List.of());
    assertTrue(
        processor.report.closures().stream()
            .anyMatch(c -> c.id().equals("iterables.Scorer#score(iterables.Bag)")));
    AnalysisReport withProcessor =
        EscapeAnalyzer.analyze(
            AnalysisInput.of(Fixtures.compile("iterables")).withProcessorReport(processor.report));
    assertEquals(
        List.of(),
        withProcessor.diagnostics().stream()
            .filter(d -> d.key().equals(EscapeAnalyzer.CLOSURE_NOT_FOUND))
            .toList());
  }
}
