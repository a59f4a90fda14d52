package dev.orthrus.model.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.model.Allocation;
import dev.orthrus.model.CallSite;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.Diagnostic;
import dev.orthrus.model.EscapeState;
import dev.orthrus.model.FieldAccess;
import dev.orthrus.model.NondeterministicCall;
import dev.orthrus.model.Severity;
import dev.orthrus.model.SourcePosition;
import dev.orthrus.model.Tag;
import dev.orthrus.model.Value;
import dev.orthrus.model.ValueKind;
import dev.orthrus.model.Violation;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MarkdownReportTest {

  private static final SourcePosition AT = new SourcePosition("a/Store.java", 12, 5);

  private static ClosureModel closure(String id, List<Diagnostic> diagnostics) {
    return new ClosureModel(
        id,
        0x1234abcd,
        "put",
        "a.Store",
        "put",
        "put(int[])",
        AT,
        true,
        "RAW_BITS",
        new Value("this", "a.Store", ValueKind.NOT_COMPARABLE),
        List.of(new Value("xs", "int[]", ValueKind.ARRAY)),
        new Value("return", "java.util.Map<java.lang.String,java.lang.Integer>", ValueKind.EQUALS),
        List.of(new FieldAccess("a.Node", "next", "a.Node", id, AT)),
        List.of(new FieldAccess("a.Node", "count", "int", "a.Helper#bump()", AT)),
        List.of(new Allocation("a.Node", true, id, AT, EscapeState.USER_DATA)),
        List.of(new CallSite("a.Helper#bump()", true, AT)),
        List.of(
            new NondeterministicCall(
                "java.lang.System#nanoTime()",
                "clock",
                NondeterministicCall.Handling.RECORDED,
                AT,
                List.of(id, "a.Helper#bump()"))),
        Set.of(Tag.VECTOR, Tag.FLOATING_POINT),
        diagnostics,
        List.of("a.Helper#bump()"),
        List.of(
            new Violation(
                "orthrus.closure.unversioned-write", "writes a | b", List.of(id, "a.X#y()"), AT)));
  }

  @Test
  void rendersSummaryAndSectionsWithEscapedCells() {
    Diagnostic error =
        new Diagnostic(
            "orthrus.closure.static-write", Severity.ERROR, "writes `a.S.x` | badly", AT);
    Diagnostic warning =
        new Diagnostic("orthrus.userdata.write-outside-closure", Severity.WARNING, "control", AT);
    ClosureReport report =
        new ClosureReport(
            1,
            "orthrus-processor",
            List.of("a.Node"),
            List.of(closure("a.Store#put(int[])", List.of(error))),
            List.of(warning));

    String md = MarkdownReport.render(report);

    assertTrue(md.startsWith("# Orthrus closure report\n"), md);
    // The rule error and the bytecode stage's violation.
    assertTrue(md.contains("1 closure, 1 user-data type; 2 errors, 1 warning, 0 notes."), md);
    assertTrue(
        md.contains(
            "| `a.Store#put(int[])` | java.util.Map<java.lang.String,java.lang.Integer> (equals) "
                + "| 1 | 1 | 1 | floating-point, vector | 1 error |"),
        md);
    assertTrue(md.contains("- Key `0x1234abcd`, comparison RAW_BITS, strict"), md);
    assertTrue(md.contains("- `a.Node` (user data), escape USER_DATA at `a/Store.java:12`"), md);
    assertTrue(md.contains("via `a.Store#put(int[])` → `a.Helper#bump()`"), md);
    assertTrue(md.contains("### Reachable methods"), md);
    assertTrue(md.contains("writes a \\| b"), md);
    // A backtick inside inline code would end the span early; a pipe would split the table cell.
    assertTrue(md.contains("writes `a.S.x` \\| badly"), md);
    assertTrue(md.contains("## Control-path findings"), md);
  }

  @Test
  void emptyReportIsShortAndDeterministic() {
    ClosureReport empty =
        new ClosureReport(1, "orthrus-processor", List.of(), List.of(), List.of());
    String md = MarkdownReport.render(empty);
    assertEquals(md, MarkdownReport.render(empty));
    assertFalse(md.contains("| Closure |"), md);
    assertTrue(md.contains("0 closures, 0 user-data types; 0 errors, 0 warnings, 0 notes."), md);
  }

  @Test
  void findingSharedByTwoClosuresIsCountedOnce() {
    Diagnostic shared =
        new Diagnostic("orthrus.closure.static-write", Severity.ERROR, "shared helper", AT);
    ClosureReport report =
        new ClosureReport(
            1,
            "orthrus-processor",
            List.of(),
            List.of(
                closure("a.Store#a()", List.of(shared)), closure("a.Store#b()", List.of(shared))),
            List.of());
    // One rule error and one violation, each reached from both closures.
    assertTrue(MarkdownReport.render(report).contains("2 closures, 0 user-data types; 2 errors,"));
  }
}
