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
 * was reported as an unversioned write of correct code.
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
}
