package dev.orthrus.analysis;

import dev.orthrus.model.json.JsonWriter;

/**
 * The JSON form of suggest mode ({@code orthrus analyze --suggest --format json}): candidates with
 * their reasons, plus the analysis's size, timings and missing classes.
 */
public final class SuggestionsJson {

  public static final int SCHEMA_VERSION = 1;

  private SuggestionsJson() {}

  public static String write(AnalysisReport report) {
    StringBuilder out = new StringBuilder();
    write(report, out);
    return out.toString();
  }

  public static void write(AnalysisReport report, Appendable out) {
    JsonWriter w = new JsonWriter(out);
    w.beginObject();
    w.field("schemaVersion", SCHEMA_VERSION);
    w.field("generator", AnalysisReport.GENERATOR);
    AnalysisStats s = report.stats();
    w.name("stats")
        .beginObject()
        .field("applicationClasses", s.applicationClasses())
        .field("methodsAnalyzed", s.methodsAnalyzed())
        .field("phantomClasses", s.phantomClasses())
        .field("loadMillis", s.loadMillis())
        .field("analysisMillis", s.analysisMillis())
        .endObject();
    w.name("missingClasses").beginArray();
    report.missingClasses().forEach(w::value);
    w.endArray();
    w.name("suggestions").beginArray();
    for (Suggestion sg : report.suggestions()) {
      w.beginObject();
      w.field("method", sg.method());
      w.field("score", sg.score());
      w.name("reasons").beginArray();
      sg.reasons().forEach(w::value);
      w.endArray();
      w.name("position")
          .beginObject()
          .field("file", sg.position().file())
          .field("line", sg.position().line())
          .endObject();
      w.endObject();
    }
    w.endArray();
    w.endObject();
    w.finish();
  }
}
