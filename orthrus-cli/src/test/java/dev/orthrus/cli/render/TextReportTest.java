package dev.orthrus.cli.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.analysis.AnalysisReport;
import dev.orthrus.analysis.AnalysisStats;
import dev.orthrus.analysis.Suggestion;
import dev.orthrus.model.Allocation;
import dev.orthrus.model.CallSite;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.Diagnostic;
import dev.orthrus.model.FieldAccess;
import dev.orthrus.model.NondeterministicCall;
import dev.orthrus.model.Severity;
import dev.orthrus.model.SourcePosition;
import dev.orthrus.model.Tag;
import dev.orthrus.model.Value;
import dev.orthrus.model.ValueKind;
import dev.orthrus.model.Violation;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TextReportTest {

  private static SourcePosition at(long line) {
    return new SourcePosition("src/shop/Store.java", line, 5);
  }

  @Test
  void rendersEveryPartOfAClosure() {
    String id = "shop.Store#put(java.lang.String,byte[])";
    ClosureModel put =
        new ClosureModel(
            id,
            7,
            "store-put",
            "shop.Store",
            "put",
            "put(java.lang.String,byte[])",
            at(10),
            true,
            "RAW_BITS",
            new Value("this", "shop.Store", ValueKind.EQUALS),
            List.of(
                new Value("key", "java.lang.String", ValueKind.STRING),
                new Value("value", "byte[]", ValueKind.ARRAY)),
            new Value("return", "boolean", ValueKind.PRIMITIVE),
            List.of(
                new FieldAccess(
                    "shop.Table",
                    "slots",
                    "shop.Entry[]",
                    "shop.Store#find(java.lang.String)",
                    at(30))),
            List.of(
                new FieldAccess("shop.Entry", "value", "byte[]", id, at(12)),
                new FieldAccess("shop.Table", "size", "int", id, at(13))),
            List.of(new Allocation("shop.Entry", true, id, at(14), null)),
            List.of(
                new CallSite("shop.Store#find(java.lang.String)", true, at(11)),
                new CallSite("shop.lib.Index#add(java.lang.String)", false, at(16)),
                new CallSite("java.util.Map#get(java.lang.Object)", false, at(17))),
            List.of(
                new NondeterministicCall(
                    "java.lang.System#nanoTime()",
                    "clock",
                    NondeterministicCall.Handling.RECORDED,
                    at(15),
                    List.of("shop.Store#stamp()"))),
            Set.of(Tag.VECTOR),
            List.of(
                new Diagnostic(
                    "orthrus.closure.nondeterministic",
                    Severity.NOTE,
                    "clock is recorded and replayed",
                    at(15))),
            List.of(),
            List.of());
    ClosureReport report =
        new ClosureReport(
            1,
            "test",
            List.of("shop.Entry", "shop.Table"),
            List.of(put),
            List.of(
                new Diagnostic(
                    "orthrus.userdata.write-outside-closure",
                    Severity.WARNING,
                    "size written outside",
                    at(40))));

    String expected =
        """
        1 closure, 2 user-data types: shop.Entry, shop.Table
        0 errors, 1 warning, 1 note

        shop.Store#put(java.lang.String,byte[])  (Store.java:10)
          name              store-put, strict, outputs compared by raw bits
          receiver          this: shop.Store [equals]
          parameters        key: java.lang.String [string]
                            value: byte[] [array]
          result            return: boolean [primitive]
          reads             Table.slots : shop.Entry[]  Store.java:30 in Store#find(java.lang.String)
          writes            Entry.value : byte[]  Store.java:12
                            Table.size : int  Store.java:13
          allocations       new shop.Entry [user data]  Store.java:14
          nondeterministic  java.lang.System#nanoTime() (clock, recorded)  Store.java:15 via shop.Store#stamp()
          tags              vector
          not followed      Index#add  Store.java:16 (no code of it in these sources: what it reads and writes is not listed)
          diagnostics       note [orthrus.closure.nondeterministic] clock is recorded and replayed  Store.java:15

        Outside closures
          warning [orthrus.userdata.write-outside-closure] size written outside  Store.java:40
        """;
    assertEquals(expected, TextReport.render(report));
  }

  /**
   * With a call into code the sources do not hold, "none" would claim more than is known: what that
   * code reads and writes is not listed (outside trial 10).
   */
  @Test
  void accessesThatCodeElsewhereMayMakeAreNotCalledNone() {
    ClosureModel amend =
        new ClosureModel(
            "shop.Ops#amend(long)",
            3,
            "amend",
            "shop.Ops",
            "amend",
            "amend(long)",
            at(7),
            false,
            "EQUALS",
            null,
            List.of(new Value("x", "long", ValueKind.PRIMITIVE)),
            new Value("return", "void", ValueKind.PRIMITIVE),
            List.of(),
            List.of(),
            List.of(),
            List.of(
                new CallSite("shop.Updater#update(long)", false, at(8)),
                new CallSite("shop.Updater#update(long)", false, at(8)),
                new CallSite("shop.Updater#reset()", false, at(9)),
                new CallSite("shop.Updater#update(long)", false, at(10))),
            List.of(),
            Set.of(),
            List.of(),
            List.of(),
            List.of());
    String text =
        TextReport.render(new ClosureReport(1, "test", List.of(), List.of(amend), List.of()));
    assertTrue(
        text.contains(
            "  reads             none in these sources (see not followed)\n"
                + "  writes            none in these sources (see not followed)\n"),
        text);
    // One line per method, each place once, the caveat on the first line only.
    assertTrue(
        text.contains(
            "  not followed      Updater#update  Store.java:8, Store.java:10 (no code of these in"
                + " the sources: what they read and write is not listed)\n"
                + "                    Updater#reset  Store.java:9\n"),
        text);
  }

  @Test
  void bytecodeFactsReachedMethodsAndSuggestionsAreSummarized() {
    String id = "shop.Store#put(int)";
    List<String> reached = new ArrayList<>(List.of(id));
    for (int i = 0; i < 8; i++) {
      reached.add("shop.Helper#step" + i + "(int)");
    }
    ClosureModel put =
        new ClosureModel(
            id,
            7,
            "put",
            "shop.Store",
            "put",
            "put(int)",
            at(10),
            false,
            "EQUALS",
            new Value("this", "shop.Store", ValueKind.NOT_COMPARABLE),
            List.of(new Value("k", "int", ValueKind.PRIMITIVE)),
            new Value("return", "void", ValueKind.PRIMITIVE),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            Set.of(),
            List.of(),
            reached,
            List.of());
    List<Suggestion> suggestions = new ArrayList<>();
    for (int i = 0; i < TextReport.SHOWN_SUGGESTIONS + 3; i++) {
      suggestions.add(
          new Suggestion(
              "shop.Table#insert" + i + "(int)",
              40 - i,
              List.of("writes slots[] of this"),
              at(20 + i)));
    }
    AnalysisReport bytecode =
        new AnalysisReport(
            List.of(),
            List.of(),
            List.of("gone.Missing", "gone.Other"),
            List.of(),
            suggestions,
            new AnalysisStats(12, 34, 2, 1500, 500),
            null);
    ClosureReport merged = new ClosureReport(1, "test", List.of(), List.of(put), List.of());

    String text = TextReport.render(merged, bytecode, true);
    assertTrue(
        text.startsWith(
            "1 closure, 0 user-data types\n0 errors, 0 warnings, 0 notes (rules: 0 errors,"
                + " 0 warnings, 0 notes; bytecode analysis: 0 violations, 0 warnings, 0 notes)\n\nshop.Store#put(int)"),
        text);
    assertTrue(
        text.contains(
            "  reaches           9 methods: Store#put, Helper#step0, Helper#step1, Helper#step2,"
                + " Helper#step3, Helper#step4, ... (3 more)\n"),
        text);
    assertTrue(
        text.contains("\nBytecode analysis: 12 classes, 34 methods in 2.0 s; 2 missing classes"),
        text);
    assertTrue(
        text.contains(
            "Candidate closures, best first (28):\n"
                + "  1. score 40  shop.Table#insert0(int)  (Store.java:20)\n"
                + "       - writes slots[] of this\n"),
        text);
    assertTrue(text.contains("shop.Table#insert24(int)"), text);
    assertFalse(text.contains("shop.Table#insert25(int)"), text);
    assertTrue(text.endsWith("  ... and 3 more (--format json lists them all)\n"), text);
  }

  @Test
  void headerCountsTheBytecodeStagesViolationsAsErrors() {
    String id = "shop.Store#put(int)";
    Violation write =
        new Violation(
            "orthrus.closure.unversioned-write", "writes `Store.hits`", List.of(id), at(12));
    ClosureModel put =
        new ClosureModel(
            id,
            7,
            "put",
            "shop.Store",
            "put",
            "put(int)",
            at(10),
            false,
            "EQUALS",
            null,
            List.of(),
            new Value("return", "void", ValueKind.PRIMITIVE),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            Set.of(),
            List.of(new Diagnostic("orthrus.closure.lock", Severity.NOTE, "a lock", at(11))),
            List.of(id),
            List.of(write));
    AnalysisReport bytecode =
        new AnalysisReport(
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            new AnalysisStats(1, 1, 0, 1, 1),
            null);
    ClosureReport merged =
        new ClosureReport(
            1,
            "test",
            List.of(),
            List.of(put),
            List.of(
                new Diagnostic(
                    "orthrus.analysis.missing-classes", Severity.WARNING, "1 missing", at(0))));

    assertEquals(
        "1 error, 1 warning, 1 note (rules: 0 errors, 0 warnings, 1 note; bytecode analysis: 1 violation,"
            + " 1 warning, 0 notes)",
        TextReport.render(merged, bytecode, false).lines().toList().get(1));
  }

  /** javac's messages of several lines keep their position on the first line, as others do. */
  @Test
  void aMessageOfSeveralLinesHasItsPositionOnTheFirstAndTheRestBelowIt() {
    String javac =
        "cannot find symbol\n  symbol:   method getBalance()\n  location: variable a of type t.A";
    ClosureReport report =
        new ClosureReport(
            1,
            "test",
            List.of(),
            List.of(),
            List.of(
                new Diagnostic("orthrus.rewriter.unprotectable", Severity.ERROR, javac, at(12))));
    List<String> lines = TextReport.render(report).lines().toList();
    int first = lines.indexOf("Outside closures") + 1;
    assertEquals(
        List.of(
            "  error [orthrus.rewriter.unprotectable] cannot find symbol  Store.java:12",
            "    symbol:   method getBalance()",
            "    location: variable a of type t.A"),
        lines.subList(first, first + 3));
  }

  @Test
  void emptyReportSaysHowToStart() {
    String text = TextReport.render(new ClosureReport(1, "test", List.of(), List.of(), List.of()));
    assertEquals(
        "0 closures, 0 user-data types\n0 errors, 0 warnings, 0 notes\n\n" + TextReport.NO_CLOSURES,
        text);
    assertTrue(text.contains("--suggest"), text);
  }
}
