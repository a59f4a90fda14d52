package dev.orthrus.model.report;

import dev.orthrus.model.Allocation;
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

/** A small report with every kind of finding, including text that needs escaping. */
final class ReportSamples {

  static final String FILE = "com/example/Store.java";
  static final String PUT = "com.example.Store#put(java.lang.String,byte[])";

  private ReportSamples() {}

  static ClosureReport sample() {
    SourcePosition line5 = new SourcePosition(FILE, 5, 3);
    ClosureModel put =
        new ClosureModel(
            PUT,
            7,
            "put <script>alert('x')</script>",
            "com.example.Store",
            "put",
            "put(java.lang.String,byte[])",
            line5,
            true,
            "EQUALS",
            new Value("this", "com.example.Store", ValueKind.NOT_COMPARABLE),
            List.of(new Value("key", "java.lang.String", ValueKind.STRING)),
            new Value("return", "void", ValueKind.VOID),
            List.of(
                new FieldAccess(
                    "com.example.Item", "value", "byte[]", PUT, new SourcePosition(FILE, 6, 0))),
            List.of(
                new FieldAccess(
                    "com.example.Item",
                    "next",
                    "com.example.Item",
                    PUT,
                    new SourcePosition(FILE, 7, 0))),
            List.of(
                new Allocation(
                    "com.example.Item",
                    true,
                    PUT,
                    new SourcePosition(FILE, 8, 0),
                    EscapeState.USER_DATA),
                new Allocation(
                    "int[]", false, PUT, new SourcePosition(FILE, 9, 0), EscapeState.NO_ESCAPE)),
            List.of(),
            List.of(
                new NondeterministicCall(
                    "java.io.PrintStream#println(java.lang.String)",
                    "io",
                    NondeterministicCall.Handling.ERROR,
                    new SourcePosition(FILE, 10, 0),
                    List.of(PUT, "com.example.Store#log()")),
                new NondeterministicCall(
                    "java.lang.System#nanoTime()",
                    "clock",
                    NondeterministicCall.Handling.RECORDED,
                    new SourcePosition(FILE, 11, 0),
                    List.of())),
            Set.of(Tag.VECTOR),
            List.of(
                new Diagnostic("orthrus.closure.signature", Severity.WARNING, "a & b < c", line5)),
            List.of(PUT, "com.example.Store#log()"),
            List.of(
                new Violation(
                    "orthrus.closure.unversioned-write",
                    "writes `Store.count` of \"shared\" state",
                    List.of(PUT, "com.example.Store#bump()"),
                    new SourcePosition(FILE, 12, 0))));
    ClosureModel get =
        new ClosureModel(
            "com.example.Store#get(java.lang.String)",
            8,
            "get",
            "com.example.Store",
            "get",
            "get(java.lang.String)",
            new SourcePosition(FILE, 20, 0),
            false,
            "EQUALS",
            null,
            List.of(),
            new Value("return", "byte[]", ValueKind.ARRAY),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            Set.of(Tag.FLOATING_POINT),
            List.of(),
            List.of(),
            List.of());
    return new ClosureReport(
        ClosureReport.SCHEMA_VERSION,
        "orthrus-escape-analysis",
        List.of("com.example.Item"),
        List.of(put, get),
        List.of(
            new Diagnostic(
                "orthrus.analysis.unknown-callee",
                Severity.NOTE,
                "unknown callee `x.Y#z()`, treated as may-escape",
                new SourcePosition(FILE, 14, 0)),
            new Diagnostic(
                "orthrus.analysis.missing-classes",
                Severity.WARNING,
                "1 referenced class not found: x.Y",
                SourcePosition.UNKNOWN)));
  }
}
