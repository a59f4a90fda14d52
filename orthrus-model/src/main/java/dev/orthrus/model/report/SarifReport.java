package dev.orthrus.model.report;

import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.Diagnostic;
import dev.orthrus.model.NondeterministicCall;
import dev.orthrus.model.Severity;
import dev.orthrus.model.SourcePosition;
import dev.orthrus.model.Violation;
import dev.orthrus.model.json.JsonWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders a {@link ClosureReport} as SARIF 2.1.0, so code-scanning tools show Orthrus findings.
 * Results are the report's diagnostics, each closure's diagnostics and violations (with the call
 * chain in {@code properties.callChain}) and non-deterministic calls that are errors; rule ids are
 * the findings' stable keys.
 */
public final class SarifReport {

  public static final String VERSION = "2.1.0";
  public static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
  public static final String TOOL = "orthrus";
  static final String NONDETERMINISTIC_RULE = "orthrus.closure.nondeterministic";

  /** Short descriptions of the keys this project emits; unknown keys describe themselves. */
  private static final Map<String, String> DESCRIPTIONS = Map.ofEntries(
      Map.entry("orthrus.closure.static-write", "A closure writes a static field, which is not versioned."),
      Map.entry("orthrus.closure.unversioned-write", "A closure writes shared state that is not user data, so a"
          + " validator cannot re-execute it."),
      Map.entry("orthrus.closure.thread", "A closure starts a thread or hands work to another thread."),
      Map.entry(NONDETERMINISTIC_RULE, "A closure makes a call whose result must be recorded and replayed, or"
          + " performs I/O, which belongs in the control path."),
      Map.entry("orthrus.closure.lock", "A closure takes a lock; locks are replayed, not validated."),
      Map.entry("orthrus.closure.math-intrinsic", "A closure calls a Math intrinsic whose result may differ between"
          + " interpreted and compiled code."),
      Map.entry("orthrus.closure.signature", "A closure parameter or result cannot be compared by a validator."),
      Map.entry("orthrus.closure.owner", "A closure is declared in a class its generated catalog cannot name."),
      Map.entry("orthrus.userdata.array-element-write", "An element store into a primitive array held by user"
          + " data; versions are immutable."),
      Map.entry("orthrus.userdata.write-outside-closure", "Control-path code writes a user-data field; the write is"
          + " neither versioned nor validated."),
      Map.entry("orthrus.userdata.superclass", "A user-data class extends a class whose fields cannot be"
          + " versioned."),
      Map.entry("orthrus.catalog.stale", "A generated closure catalog from an earlier build is among the sources."),
      Map.entry("orthrus.analysis.unknown-callee", "A called class was not found; the call is treated as"
          + " may-escape."),
      Map.entry("orthrus.analysis.missing-classes", "Referenced classes are missing from the analyzed classpath."),
      Map.entry("orthrus.analysis.unreadable-method", "A method's bytecode could not be read."),
      Map.entry("orthrus.analysis.closure-not-found", "A closure from closures.json is not in the analyzed"
          + " classes."));

  private record Finding(String ruleId, Severity severity, String message, SourcePosition position,
      String closure, List<String> callChain) {}

  private SarifReport() {}

  public static String render(ClosureReport report) {
    StringBuilder out = new StringBuilder();
    write(report, out);
    return out.toString();
  }

  public static void write(ClosureReport report, Appendable out) {
    List<Finding> findings = findings(report);
    Map<String, Severity> rules = new LinkedHashMap<>();
    for (Finding f : findings) {
      rules.merge(f.ruleId(), f.severity(), (a, b) -> a.ordinal() <= b.ordinal() ? a : b);
    }
    List<String> ruleIds = new ArrayList<>(rules.keySet());
    JsonWriter w = new JsonWriter(out);
    w.beginObject();
    w.field("version", VERSION);
    w.field("$schema", SCHEMA);
    w.name("runs").beginArray().beginObject();
    w.name("tool").beginObject().name("driver").beginObject();
    w.field("name", TOOL);
    w.name("rules").beginArray();
    for (Map.Entry<String, Severity> r : rules.entrySet()) {
      w.beginObject();
      w.field("id", r.getKey());
      w.name("shortDescription").beginObject()
          .field("text", DESCRIPTIONS.getOrDefault(r.getKey(), r.getKey())).endObject();
      w.name("defaultConfiguration").beginObject().field("level", level(r.getValue())).endObject();
      w.endObject();
    }
    w.endArray();
    w.endObject().endObject();
    w.name("results").beginArray();
    for (Finding f : findings) {
      w.beginObject();
      w.field("ruleId", f.ruleId());
      w.field("ruleIndex", ruleIds.indexOf(f.ruleId()));
      w.field("level", level(f.severity()));
      w.name("message").beginObject().field("text", f.message()).endObject();
      w.name("locations").beginArray().beginObject();
      if (!f.position().file().isEmpty()) {
        w.name("physicalLocation").beginObject();
        w.name("artifactLocation").beginObject().field("uri", f.position().file()).endObject();
        if (f.position().line() > 0) {
          w.name("region").beginObject().field("startLine", f.position().line());
          if (f.position().column() > 0) {
            w.field("startColumn", f.position().column());
          }
          w.endObject();
        }
        w.endObject();
      }
      w.name("logicalLocations").beginArray().beginObject()
          .field("fullyQualifiedName", f.closure() == null ? report.generator() : f.closure())
          .field("kind", f.closure() == null ? "module" : "function").endObject().endArray();
      w.endObject().endArray();
      if (!f.callChain().isEmpty()) {
        w.name("properties").beginObject().name("callChain").beginArray();
        f.callChain().forEach(w::value);
        w.endArray().endObject();
      }
      w.endObject();
    }
    w.endArray();
    w.endObject().endArray();
    w.endObject();
    w.finish();
  }

  private static List<Finding> findings(ClosureReport report) {
    List<Finding> out = new ArrayList<>();
    for (Diagnostic d : report.diagnostics()) {
      out.add(new Finding(d.key(), d.severity(), d.message(), d.position(), null, List.of()));
    }
    for (ClosureModel c : report.closures()) {
      for (Diagnostic d : c.diagnostics()) {
        out.add(new Finding(d.key(), d.severity(), d.message(), d.position(), c.id(), List.of()));
      }
      for (Violation v : c.violations()) {
        out.add(new Finding(v.key(), Severity.ERROR, v.message() + " (in closure " + c.id() + ")",
            v.position(), c.id(), v.callChain()));
      }
      for (NondeterministicCall n : c.nondeterministic()) {
        // The processor already reports I/O as a diagnostic on the same line; the bytecode
        // analysis alone (a jar without closures.json) reports it only here.
        if (n.handling().equals("error") && !reported(c, NONDETERMINISTIC_RULE, n.position())) {
          out.add(new Finding(NONDETERMINISTIC_RULE, Severity.ERROR, n.category() + " call `" + n.target()
              + "` cannot be replayed by a validator (in closure " + c.id() + ")", n.position(), c.id(),
              n.callChain()));
        }
      }
    }
    return out;
  }

  private static boolean reported(ClosureModel c, String key, SourcePosition at) {
    // Lines only: the processor and the bytecode analysis name files differently.
    return c.diagnostics().stream().anyMatch(d -> d.key().equals(key) && d.position().line() == at.line());
  }

  private static String level(Severity s) {
    return switch (s) {
      case ERROR -> "error";
      case WARNING -> "warning";
      case NOTE -> "note";
    };
  }
}
