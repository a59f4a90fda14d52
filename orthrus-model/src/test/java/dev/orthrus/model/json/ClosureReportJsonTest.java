package dev.orthrus.model.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import dev.orthrus.model.Suppression;
import dev.orthrus.model.Tag;
import dev.orthrus.model.Value;
import dev.orthrus.model.ValueKind;
import dev.orthrus.model.Violation;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ClosureReportJsonTest {

  private static final SourcePosition AT = new SourcePosition("src/Store.java", 42, 7);

  static ClosureReport sampleReport() {
    ClosureModel closure =
        new ClosureModel(
            "x.Store#put(java.lang.String,double)",
            -123456,
            "put \"quoted\"\n",
            "x.Store",
            "put",
            "put(java.lang.String,double)",
            AT,
            true,
            "RAW_BITS",
            new Value("this", "x.Store", ValueKind.USER_DATA),
            List.of(
                new Value("key", "java.lang.String", ValueKind.STRING),
                new Value("weight", "double", ValueKind.PRIMITIVE)),
            new Value("return", "void", ValueKind.VOID),
            List.of(
                new FieldAccess("x.Node", "next", "x.Node", "x.Store#find(java.lang.String)", AT)),
            List.of(
                new FieldAccess(
                    "x.Node", "value", "double", "x.Store#put(java.lang.String,double)", AT)),
            List.of(
                new Allocation(
                    "x.Node",
                    true,
                    "x.Store#put(java.lang.String,double)",
                    AT,
                    EscapeState.USER_DATA),
                new Allocation("int[]", false, "x.Store#put(java.lang.String,double)", AT, null)),
            List.of(new CallSite("x.Store#find(java.lang.String)", true, AT)),
            List.of(
                new NondeterministicCall(
                    "java.lang.System#nanoTime()",
                    "clock",
                    NondeterministicCall.Handling.RECORDED,
                    AT,
                    List.of("x.Store#stamp()")),
                new NondeterministicCall(
                    "java.util.Collections#shuffle(java.util.List)",
                    "random",
                    NondeterministicCall.Handling.SEEDED,
                    AT,
                    List.of())),
            EnumSet.of(Tag.VECTOR, Tag.FLOATING_POINT),
            List.of(new Diagnostic("orthrus.closure.lock", Severity.NOTE, "a lock \\ here", AT)),
            List.of("x.Store#find(java.lang.String)"),
            List.of(
                new Violation(
                    "orthrus.closure.thread", "starts a thread", List.of("a#b()", "c#d()"), AT)));
    return new ClosureReport(
        ClosureReport.SCHEMA_VERSION,
        "test",
        List.of("x.Node"),
        List.of(closure),
        List.of(
            new Diagnostic("orthrus.userdata.write-outside-closure", Severity.WARNING, "w", AT)),
        List.of(
            new Suppression(
                List.of("orthrus.closure.lock"), "x.Store#stamp()", "x/Store.java", 3, 9)));
  }

  @Test
  void roundTripKeepsEveryField() {
    ClosureReport report = sampleReport();
    String json = ClosureReportJson.write(report);
    ClosureReport back = ClosureReportJson.read(json);
    // Field accesses keep file and line only; compare through a second rendering.
    assertEquals(json, ClosureReportJson.write(back));
    assertEquals(report.closures().get(0).allocations(), back.closures().get(0).allocations());
    assertEquals(Set.of(Tag.FLOATING_POINT, Tag.VECTOR), back.closures().get(0).tags());
    assertEquals(report.closures().get(0).name(), back.closures().get(0).name());
    assertTrue(back.hasErrors() == report.hasErrors());
    assertEquals(
        report.closures().get(0).nondeterministic(), back.closures().get(0).nondeterministic());
  }

  @Test
  void publicMemberNamesArePresent() {
    @SuppressWarnings("unchecked")
    Map<String, Object> root =
        (Map<String, Object>) JsonReader.parse(ClosureReportJson.write(sampleReport()));
    assertEquals(1L, root.get("schemaVersion"));
    @SuppressWarnings("unchecked")
    Map<String, Object> closure =
        (Map<String, Object>) ((List<Object>) root.get("closures")).get(0);
    for (String member :
        List.of(
            "id",
            "owner",
            "method",
            "userDataReads",
            "userDataWrites",
            "allocations",
            "nondeterministic",
            "tags",
            "diagnostics",
            "reachableMethods",
            "violations")) {
      assertTrue(closure.containsKey(member), member);
    }
    assertEquals(List.of("floating-point", "vector"), closure.get("tags"));
  }

  @Test
  void suppressionsRoundTripAndAreOptionalInOlderFiles() {
    ClosureReport back = ClosureReportJson.read(ClosureReportJson.write(sampleReport()));
    assertEquals(sampleReport().suppressions(), back.suppressions());
    String json = ClosureReportJson.write(sampleReport());
    String older = json.substring(0, json.indexOf(",\n  \"suppressions\"")) + "\n}\n";
    assertEquals(List.of(), ClosureReportJson.read(older).suppressions());
  }

  @Test
  void unknownHandlingIsNamed() {
    String json = ClosureReportJson.write(sampleReport()).replace("\"recorded\"", "\"replayed\"");
    JsonException e = assertThrows(JsonException.class, () -> ClosureReportJson.read(json));
    assertTrue(e.getMessage().contains("replayed"), e.getMessage());
    assertTrue(e.getMessage().contains("\"recorded\", \"seeded\", \"error\""), e.getMessage());
  }

  @Test
  void newerSchemaIsRefused() {
    String json =
        ClosureReportJson.write(sampleReport())
            .replace("\"schemaVersion\": 1", "\"schemaVersion\": 99");
    JsonException e = assertThrows(JsonException.class, () -> ClosureReportJson.read(json));
    assertTrue(e.getMessage().contains("newer"), e.getMessage());
  }

  @Test
  void missingMemberIsNamed() {
    String json = ClosureReportJson.write(sampleReport()).replace("\"generator\"", "\"generated\"");
    JsonException e = assertThrows(JsonException.class, () -> ClosureReportJson.read(json));
    assertTrue(e.getMessage().contains("generator"), e.getMessage());
  }

  @Test
  void malformedJsonNamesLineAndColumn() {
    JsonException e =
        assertThrows(JsonException.class, () -> JsonReader.parse("{\n  \"a\": [1, 2,,]\n}"));
    assertTrue(e.getMessage().contains("line 2"), e.getMessage());
    assertThrows(JsonException.class, () -> JsonReader.parse("{\"a\": 1} trailing"));
    assertThrows(JsonException.class, () -> JsonReader.parse("\"unterminated"));
    assertThrows(JsonException.class, () -> JsonReader.parse("{\"a\":1,\"a\":2}"));
    assertThrows(JsonException.class, () -> JsonReader.parse("[".repeat(10_000)));
  }

  @Test
  void readerHandlesEscapesAndNumbers() {
    assertEquals("a\"b\\c\u00e9\n", JsonReader.parse("\"a\\\"b\\\\c\\u00e9\\n\""));
    assertEquals(-12L, JsonReader.parse("-12"));
    assertEquals(1.5e3, JsonReader.parse("1.5e3"));
    assertEquals(List.of(true, false), JsonReader.parse("[true, false]"));
    assertEquals(null, JsonReader.parse("null"));
  }

  @Test
  void writerEscapesControlCharacters() {
    StringBuilder out = new StringBuilder();
    new JsonWriter(out).beginArray().value("\u0001\t").endArray().finish();
    assertEquals("[\n  \"\\u0001\\t\"\n]\n", out.toString());
    assertEquals(List.of("\u0001\t"), JsonReader.parse(out.toString()));
  }
}
