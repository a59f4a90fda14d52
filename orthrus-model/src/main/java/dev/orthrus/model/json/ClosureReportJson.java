package dev.orthrus.model.json;

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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The JSON form of a {@link ClosureReport} ({@code closures.json}, {@code orthrus analyze --format
 * json}). Field names are a public contract: tools outside this project read them.
 */
public final class ClosureReportJson {

  private ClosureReportJson() {}

  public static String write(ClosureReport report) {
    StringBuilder out = new StringBuilder();
    write(report, out);
    return out.toString();
  }

  public static void write(ClosureReport report, Appendable out) {
    JsonWriter w = new JsonWriter(out);
    w.beginObject();
    w.field("schemaVersion", report.schemaVersion());
    w.field("generator", report.generator());
    w.name("userDataTypes").beginArray();
    report.userDataTypes().forEach(w::value);
    w.endArray();
    w.name("closures").beginArray();
    for (ClosureModel c : report.closures()) {
      writeClosure(w, c);
    }
    w.endArray();
    w.name("diagnostics").beginArray();
    report.diagnostics().forEach(d -> writeDiagnostic(w, d));
    w.endArray();
    w.name("suppressions").beginArray();
    for (Suppression s : report.suppressions()) {
      w.beginObject();
      w.name("warnings").beginArray();
      s.warnings().forEach(w::value);
      w.endArray();
      w.field("declaration", s.declaration())
          .field("file", s.file())
          .field("startLine", s.startLine())
          .field("endLine", s.endLine());
      w.endObject();
    }
    w.endArray();
    w.endObject();
    w.finish();
  }

  private static void writeClosure(JsonWriter w, ClosureModel c) {
    w.beginObject();
    w.field("id", c.id());
    w.field("key", c.key());
    w.field("name", c.name());
    w.field("owner", c.owner());
    w.field("method", c.method());
    w.field("signature", c.signature());
    w.name("source");
    writePosition(w, c.source());
    w.field("strict", c.strict());
    w.field("comparison", c.comparison());
    w.name("receiver");
    if (c.receiver() == null) {
      w.nullValue();
    } else {
      writeValue(w, c.receiver());
    }
    w.name("parameters").beginArray();
    c.parameters().forEach(p -> writeValue(w, p));
    w.endArray();
    w.name("result");
    writeValue(w, c.result());
    w.name("userDataReads").beginArray();
    c.userDataReads().forEach(a -> writeAccess(w, a));
    w.endArray();
    w.name("userDataWrites").beginArray();
    c.userDataWrites().forEach(a -> writeAccess(w, a));
    w.endArray();
    w.name("allocations").beginArray();
    for (Allocation a : c.allocations()) {
      w.beginObject();
      w.field("type", a.type());
      w.field("userData", a.userData());
      w.field("method", a.method());
      w.field("escape", a.escape() == null ? null : a.escape().name());
      w.name("position");
      writePosition(w, a.position());
      w.endObject();
    }
    w.endArray();
    w.name("calls").beginArray();
    for (CallSite call : c.calls()) {
      w.beginObject();
      w.field("target", call.target());
      w.field("inCompilation", call.inCompilation());
      w.name("position");
      writePosition(w, call.position());
      w.endObject();
    }
    w.endArray();
    w.name("nondeterministic").beginArray();
    for (NondeterministicCall n : c.nondeterministic()) {
      w.beginObject();
      w.field("target", n.target());
      w.field("category", n.category());
      w.field("handling", n.handling().jsonName());
      w.name("position");
      writePosition(w, n.position());
      w.name("callChain").beginArray();
      n.callChain().forEach(w::value);
      w.endArray();
      w.endObject();
    }
    w.endArray();
    w.name("tags").beginArray();
    c.tags().forEach(t -> w.value(t.jsonName()));
    w.endArray();
    w.name("diagnostics").beginArray();
    c.diagnostics().forEach(d -> writeDiagnostic(w, d));
    w.endArray();
    w.name("reachableMethods").beginArray();
    c.reachableMethods().forEach(w::value);
    w.endArray();
    w.name("violations").beginArray();
    for (Violation v : c.violations()) {
      w.beginObject();
      w.field("key", v.key());
      w.field("message", v.message());
      w.name("callChain").beginArray();
      v.callChain().forEach(w::value);
      w.endArray();
      w.name("position");
      writePosition(w, v.position());
      w.endObject();
    }
    w.endArray();
    w.endObject();
  }

  private static void writeValue(JsonWriter w, Value v) {
    w.beginObject().field("name", v.name()).field("type", v.type()).field("kind", v.kind().name());
    w.endObject();
  }

  private static void writeAccess(JsonWriter w, FieldAccess a) {
    w.beginObject();
    w.field("class", a.owner());
    w.field("field", a.field());
    w.field("type", a.type());
    w.field("method", a.method());
    w.field("file", a.position().file());
    w.field("line", a.position().line());
    w.endObject();
  }

  private static void writeDiagnostic(JsonWriter w, Diagnostic d) {
    w.beginObject();
    w.field("key", d.key());
    w.field("severity", d.severity().name().toLowerCase(java.util.Locale.ROOT));
    w.field("message", d.message());
    w.field("file", d.position().file());
    w.field("line", d.position().line());
    w.field("column", d.position().column());
    w.endObject();
  }

  private static void writePosition(JsonWriter w, SourcePosition p) {
    w.beginObject().field("file", p.file()).field("line", p.line()).field("column", p.column());
    w.endObject();
  }

  // ---------------------------------------------------------------- reading

  /** Parses a report; malformed text or a missing member raises {@link JsonException}. */
  public static ClosureReport read(String json) {
    Map<String, Object> root = object(JsonReader.parse(json), "report");
    long version = number(root, "schemaVersion");
    if (version > ClosureReport.SCHEMA_VERSION) {
      throw new JsonException(
          "closures.json schemaVersion "
              + version
              + " is newer than this Orthrus understands ("
              + ClosureReport.SCHEMA_VERSION
              + ")");
    }
    return new ClosureReport(
        (int) version,
        string(root, "generator"),
        list(root, "userDataTypes", o -> (String) o),
        list(root, "closures", o -> readClosure(object(o, "closure"))),
        list(root, "diagnostics", o -> readDiagnostic(object(o, "diagnostic"))),
        root.containsKey("suppressions") // absent in files written before suppressions existed
            ? list(root, "suppressions", o -> readSuppression(object(o, "suppression")))
            : List.of());
  }

  private static Suppression readSuppression(Map<String, Object> m) {
    return new Suppression(
        list(m, "warnings", o -> (String) o),
        string(m, "declaration"),
        string(m, "file"),
        number(m, "startLine"),
        number(m, "endLine"));
  }

  private static ClosureModel readClosure(Map<String, Object> m) {
    Object receiver = m.get("receiver");
    Set<Tag> tags = EnumSet.noneOf(Tag.class);
    for (String t : list(m, "tags", o -> (String) o)) {
      tags.add(Tag.fromJsonName(t));
    }
    return new ClosureModel(
        string(m, "id"),
        (int) number(m, "key"),
        string(m, "name"),
        string(m, "owner"),
        string(m, "method"),
        string(m, "signature"),
        readPosition(object(m.get("source"), "source")),
        bool(m, "strict"),
        string(m, "comparison"),
        receiver == null ? null : readValue(object(receiver, "receiver")),
        list(m, "parameters", o -> readValue(object(o, "parameter"))),
        readValue(object(m.get("result"), "result")),
        list(m, "userDataReads", o -> readAccess(object(o, "access"))),
        list(m, "userDataWrites", o -> readAccess(object(o, "access"))),
        list(
            m,
            "allocations",
            o -> {
              Map<String, Object> a = object(o, "allocation");
              Object escape = a.get("escape");
              return new Allocation(
                  string(a, "type"),
                  bool(a, "userData"),
                  (String) a.get("method"),
                  readPosition(object(a.get("position"), "position")),
                  escape == null ? null : EscapeState.valueOf((String) escape));
            }),
        list(
            m,
            "calls",
            o -> {
              Map<String, Object> a = object(o, "call");
              return new CallSite(
                  string(a, "target"),
                  bool(a, "inCompilation"),
                  readPosition(object(a.get("position"), "position")));
            }),
        list(
            m,
            "nondeterministic",
            o -> {
              Map<String, Object> a = object(o, "nondeterministic call");
              return new NondeterministicCall(
                  string(a, "target"),
                  string(a, "category"),
                  handling(string(a, "handling")),
                  readPosition(object(a.get("position"), "position")),
                  list(a, "callChain", s -> (String) s));
            }),
        tags,
        list(m, "diagnostics", o -> readDiagnostic(object(o, "diagnostic"))),
        list(m, "reachableMethods", o -> (String) o),
        list(
            m,
            "violations",
            o -> {
              Map<String, Object> a = object(o, "violation");
              return new Violation(
                  string(a, "key"),
                  string(a, "message"),
                  list(a, "callChain", s -> (String) s),
                  readPosition(object(a.get("position"), "position")));
            }));
  }

  private static NondeterministicCall.Handling handling(String name) {
    try {
      return NondeterministicCall.Handling.fromJsonName(name);
    } catch (IllegalArgumentException e) {
      throw new JsonException(
          "member \"handling\" must be one of "
              + Arrays.stream(NondeterministicCall.Handling.values())
                  .map(h -> "\"" + h.jsonName() + "\"")
                  .collect(Collectors.joining(", "))
              + ", not \""
              + name
              + "\"");
    }
  }

  private static Value readValue(Map<String, Object> m) {
    return new Value(string(m, "name"), string(m, "type"), ValueKind.valueOf(string(m, "kind")));
  }

  private static FieldAccess readAccess(Map<String, Object> m) {
    return new FieldAccess(
        string(m, "class"),
        string(m, "field"),
        (String) m.get("type"),
        (String) m.get("method"),
        new SourcePosition(string(m, "file"), number(m, "line"), 0));
  }

  private static Diagnostic readDiagnostic(Map<String, Object> m) {
    return new Diagnostic(
        string(m, "key"),
        Severity.valueOf(string(m, "severity").toUpperCase(java.util.Locale.ROOT)),
        string(m, "message"),
        new SourcePosition(string(m, "file"), number(m, "line"), number(m, "column")));
  }

  private static SourcePosition readPosition(Map<String, Object> m) {
    return new SourcePosition(string(m, "file"), number(m, "line"), number(m, "column"));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(Object o, String what) {
    if (!(o instanceof Map)) {
      throw new JsonException("expected " + what + " to be a JSON object");
    }
    return (Map<String, Object>) o;
  }

  private static String string(Map<String, Object> m, String name) {
    Object o = m.get(name);
    if (!(o instanceof String s)) {
      throw new JsonException("member \"" + name + "\" must be a string");
    }
    return s;
  }

  private static long number(Map<String, Object> m, String name) {
    Object o = m.get(name);
    if (!(o instanceof Long l)) {
      throw new JsonException("member \"" + name + "\" must be an integer");
    }
    return l;
  }

  private static boolean bool(Map<String, Object> m, String name) {
    Object o = m.get(name);
    if (!(o instanceof Boolean b)) {
      throw new JsonException("member \"" + name + "\" must be true or false");
    }
    return b;
  }

  private static <T> List<T> list(Map<String, Object> m, String name, Function<Object, T> element) {
    Object o = m.get(name);
    if (!(o instanceof List<?> raw)) {
      throw new JsonException("member \"" + name + "\" must be an array");
    }
    List<T> result = new ArrayList<>(raw.size());
    for (Object e : raw) {
      try {
        result.add(element.apply(e));
      } catch (ClassCastException | IllegalArgumentException ex) {
        throw new JsonException("malformed element of \"" + name + "\": " + ex.getMessage());
      }
    }
    return result;
  }
}
