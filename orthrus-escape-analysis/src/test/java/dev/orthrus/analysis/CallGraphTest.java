package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.EscapeState;
import dev.orthrus.model.NondeterministicCall;
import dev.orthrus.model.Tag;
import dev.orthrus.model.Violation;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Call graph, tags, non-determinism and violations on the {@code calls} fixture. */
class CallGraphTest {

  private static AnalysisReport report;

  @BeforeAll
  static void analyze() {
    report = EscapeAnalyzer.analyze(AnalysisInput.of(Fixtures.compile("calls")));
  }

  private static ClosureAnalysis analysis(String method) {
    return report.closures().stream()
        .filter(c -> c.model().method().equals(method))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no closure " + method + " in " + report.closures()));
  }

  private static ClosureModel closure(String method) {
    return analysis(method).model();
  }

  @Test
  void interfaceCallReachesEveryImplementation() {
    ClosureModel c = closure("totalArea");
    assertEquals("total-area", c.name());
    assertTrue(
        c.reachableMethods().contains("fixtures.calls.Square#area()"),
        c.reachableMethods().toString());
    assertTrue(
        c.reachableMethods().contains("fixtures.calls.Circle#area()"),
        c.reachableMethods().toString());
    assertEquals(Set.of(Tag.FLOATING_POINT), c.tags());
    List<String> reasons = analysis("totalArea").tagReasons();
    assertTrue(
        reasons.stream().anyMatch(r -> r.contains("fixtures.calls.Circle#area()")),
        reasons.toString());
  }

  @Test
  void lambdasAndMethodReferencesAreReached() {
    ClosureModel c = closure("measure");
    assertTrue(c.reachableMethods().contains("fixtures.calls.Operators#viaLambda(java.util.List)"));
    // The lambda body calls weigh: reached through Soot's synthetic lambda class.
    assertTrue(
        c.reachableMethods().contains("fixtures.calls.Operators#weigh(java.lang.String)"),
        c.reachableMethods().toString());
    assertTrue(
        c.reachableMethods().stream()
            .anyMatch(m -> m.startsWith("fixtures.calls.Operators#lambda$viaLambda$")),
        c.reachableMethods().toString());
  }

  @Test
  void arrayCopyIsVectorAndTheCopyLivesInUserData() {
    ClosureModel c = closure("copyInto");
    assertTrue(c.strict());
    assertEquals(Set.of(Tag.VECTOR), c.tags());
    assertEquals(
        List.of(EscapeState.USER_DATA), c.allocations().stream().map(a -> a.escape()).toList());
    assertEquals("bytes", c.userDataWrites().get(0).field());
    assertTrue(c.violations().isEmpty(), c.violations().toString());
    assertEquals(Set.of(Tag.VECTOR), closure("sameBytes").tags());
  }

  @Test
  void clockInAHelperIsRecordedWithItsPath() {
    ClosureModel c = closure("stamp");
    assertEquals(1, c.nondeterministic().size(), c.nondeterministic().toString());
    NondeterministicCall n = c.nondeterministic().get(0);
    assertEquals("java.lang.System#nanoTime()", n.target());
    assertEquals("clock", n.category());
    assertEquals(dev.orthrus.model.NondeterministicCall.Handling.RECORDED, n.handling());
    assertEquals(
        List.of(
            "fixtures.calls.Operators#stamp(fixtures.calls.Cell)",
            "fixtures.calls.Operators#clock()"),
        n.callChain());
    assertTrue(c.violations().isEmpty());
  }

  @Test
  void staticWriteInAHelperIsAViolationWithItsChain() {
    ClosureModel c = closure("count");
    assertEquals(1, c.violations().size(), c.violations().toString());
    Violation v = c.violations().get(0);
    assertEquals("orthrus.closure.static-write", v.key());
    assertTrue(v.message().contains("fixtures.calls.Operators.counter"), v.message());
    assertEquals(
        List.of(
            "fixtures.calls.Operators#count(fixtures.calls.Cell)",
            "fixtures.calls.Operators#bump()"),
        v.callChain());
    assertTrue(v.position().line() > 0);
  }

  @Test
  void threadStartIsAViolationWithItsChain() {
    ClosureModel c = closure("spawn");
    Violation v =
        c.violations().stream()
            .filter(x -> x.key().equals("orthrus.closure.thread"))
            .findFirst()
            .orElseThrow(() -> new AssertionError(c.violations().toString()));
    assertEquals(
        List.of(
            "fixtures.calls.Operators#spawn(fixtures.calls.Cell)",
            "fixtures.calls.Operators#startWorker(fixtures.calls.Cell)"),
        v.callChain());
    assertTrue(v.message().contains("java.lang.Thread#start()"), v.message());
  }

  @Test
  void closuresWithoutFloatingPointAreNotTagged() {
    assertFalse(closure("count").tags().contains(Tag.FLOATING_POINT));
    assertNotNull(closure("count").result());
  }
}
