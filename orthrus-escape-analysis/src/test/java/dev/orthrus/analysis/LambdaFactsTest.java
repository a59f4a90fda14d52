package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.EscapeState;
import dev.orthrus.model.FieldAccess;
import dev.orthrus.model.Violation;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Correct closures with lambdas, records and exceptions from the {@code lambdas} fixture: no
 * unversioned-write violation, user-data writes through a lambda reported as user-data writes,
 * lambda objects and thrown exceptions with the escape states docs/analysis.md gives them.
 */
class LambdaFactsTest {

  private static AnalysisReport report;

  @BeforeAll
  static void analyze() {
    report = EscapeAnalyzer.analyze(AnalysisInput.of(Fixtures.compile("lambdas")));
  }

  private static ClosureModel closure(String method) {
    return Fixtures.closure(report, method);
  }

  private static List<Violation> unversionedWrites(String method) {
    return Fixtures.unversionedWrites(report, method);
  }

  @Test
  void capturingLambdaHandedToTheLibraryIsNoWrite() {
    assertEquals(List.of(), unversionedWrites("cheapCount"));
    assertEquals(List.of(), unversionedWrites("fee"));
  }

  @Test
  void recordBuiltInsideMapIsNoWrite() {
    assertEquals(List.of(), unversionedWrites("repriced"));
  }

  @Test
  void userDataWriteThroughALambdaIsAUserDataWrite() {
    ClosureModel c = closure("bumpKids");
    assertEquals(List.of(), unversionedWrites("bumpKids"));
    List<String> written = c.userDataWrites().stream().map(FieldAccess::field).toList();
    assertTrue(written.contains("v"), written.toString());
  }

  @Test
  void lambdaObjectsDoNotEscape() {
    for (String m : List.of("cheapCount", "fee", "twice", "bumpKids")) {
      closure(m)
          .allocations()
          .forEach(a -> assertEquals(EscapeState.NO_ESCAPE, a.escape(), m + " " + a));
    }
  }

  @Test
  void exceptionThrownByACalleeLeavesTheClosure() {
    var thrown =
        closure("withdraw").allocations().stream()
            .filter(a -> a.type().equals("java.lang.IllegalArgumentException"))
            .findFirst()
            .orElseThrow();
    assertEquals(EscapeState.RETURNED, thrown.escape());
  }
}
