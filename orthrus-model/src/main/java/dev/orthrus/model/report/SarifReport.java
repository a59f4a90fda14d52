package dev.orthrus.model.report;

import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.Severity;
import dev.orthrus.model.json.JsonWriter;
import dev.orthrus.model.rules.Rule;
import dev.orthrus.model.rules.RuleFinding;
import dev.orthrus.model.rules.ToolInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders a {@link ClosureReport} as SARIF 2.1.0, so code-scanning tools show Orthrus findings.
 * Results are the report's {@link RuleFinding}s (diagnostics, violations with their call chain in
 * {@code properties.callChain}, and non-deterministic calls); rules come from the registry, with
 * their documentation as {@code helpUri}. File locations are relative to the source root and name
 * it {@value #SOURCE_ROOT}; when the root is known, {@code originalUriBaseIds} says where it is, so
 * code scanning can map the files to the repository.
 */
public final class SarifReport {

  public static final String VERSION = "2.1.0";
  public static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
  public static final String TOOL = "orthrus";

  /**
   * The {@code uriBaseId} of every file location: the source root the positions are relative to.
   */
  public static final String SOURCE_ROOT = "SRCROOT";

  private SarifReport() {}

  public static String render(ClosureReport report) {
    return render(report, null);
  }

  /**
   * With {@code sourceRoot} (the folder positions are relative to, e.g. {@code src/main/java}), or
   * null.
   */
  public static String render(ClosureReport report, Path sourceRoot) {
    StringBuilder out = new StringBuilder();
    write(report, sourceRoot, out);
    return out.toString();
  }

  public static void write(ClosureReport report, Appendable out) {
    write(report, null, out);
  }

  public static void write(ClosureReport report, Path sourceRoot, Appendable out) {
    List<RuleFinding> findings = RuleFinding.of(report);
    Map<String, Severity> rules = new LinkedHashMap<>();
    for (RuleFinding f : findings) {
      Rule rule = f.rule();
      rules.merge(
          f.key(),
          rule != null ? rule.severity() : f.severity(),
          (a, b) -> a.ordinal() <= b.ordinal() ? a : b);
    }
    List<String> ruleIds = new ArrayList<>(rules.keySet());
    JsonWriter w = new JsonWriter(out);
    w.beginObject();
    w.field("version", VERSION);
    w.field("$schema", SCHEMA);
    w.name("runs").beginArray().beginObject();
    w.name("tool").beginObject().name("driver").beginObject();
    w.field("name", TOOL);
    w.field("version", ToolInfo.version());
    w.field("informationUri", ToolInfo.homeUri());
    w.name("rules").beginArray();
    for (Map.Entry<String, Severity> r : rules.entrySet()) {
      Rule rule = Rule.byKey(r.getKey()).orElse(null);
      w.beginObject();
      w.field("id", r.getKey());
      String summary = rule == null ? r.getKey() : rule.summary();
      w.name("shortDescription")
          .beginObject()
          .field("text", summary.replace("`", ""))
          .field("markdown", summary)
          .endObject();
      if (rule != null) {
        w.field("helpUri", rule.docUri());
      }
      w.name("defaultConfiguration").beginObject().field("level", level(r.getValue())).endObject();
      w.endObject();
    }
    w.endArray();
    w.endObject().endObject();
    if (sourceRoot != null) {
      String root = sourceRoot.toAbsolutePath().normalize().toUri().toString();
      w.name("originalUriBaseIds")
          .beginObject()
          .name(SOURCE_ROOT)
          .beginObject()
          .field("uri", root.endsWith("/") ? root : root + "/")
          .endObject()
          .endObject();
    }
    w.name("results").beginArray();
    for (RuleFinding f : findings) {
      w.beginObject();
      w.field("ruleId", f.key());
      w.field("ruleIndex", ruleIds.indexOf(f.key()));
      w.field("level", level(f.severity()));
      w.name("message").beginObject().field("text", f.message()).endObject();
      w.name("locations").beginArray().beginObject();
      if (!f.position().file().isEmpty()) {
        w.name("physicalLocation").beginObject();
        w.name("artifactLocation")
            .beginObject()
            .field("uri", f.position().file())
            .field("uriBaseId", SOURCE_ROOT)
            .endObject();
        if (f.position().line() > 0) {
          w.name("region").beginObject().field("startLine", f.position().line());
          if (f.position().column() > 0) {
            w.field("startColumn", f.position().column());
          }
          w.endObject();
        }
        w.endObject();
      }
      w.name("logicalLocations")
          .beginArray()
          .beginObject()
          .field("fullyQualifiedName", f.closure() == null ? report.generator() : f.closure())
          .field("kind", f.closure() == null ? "module" : "function")
          .endObject()
          .endArray();
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

  private static String level(Severity s) {
    return switch (s) {
      case ERROR -> "error";
      case WARNING -> "warning";
      case NOTE -> "note";
    };
  }
}
