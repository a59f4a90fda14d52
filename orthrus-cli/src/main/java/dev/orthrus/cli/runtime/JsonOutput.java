package dev.orthrus.cli.runtime;

import dev.orthrus.model.json.JsonWriter;
import picocli.CommandLine.Option;

/**
 * The {@code --json} option the runtime commands share: instead of text, one JSON object on stdout
 * whose first member is the command's {@code schemaVersion}.
 */
public final class JsonOutput {

  @Option(names = "--json", description = "Print one JSON object on stdout instead of text.")
  boolean requested;

  /** True when the user asked for JSON. */
  public boolean requested() {
    return requested;
  }

  /** A writer on {@code out} with the object begun and its {@code schemaVersion} written. */
  public static JsonWriter object(Appendable out, int schemaVersion) {
    return new JsonWriter(out).beginObject().field("schemaVersion", schemaVersion);
  }

  /** A measured figure; one that could not be measured (NaN, infinite) is null. */
  public static void number(JsonWriter w, String name, double value) {
    if (name != null) {
      w.name(name);
    }
    if (Double.isFinite(value)) {
      w.value(value);
    } else {
      w.nullValue();
    }
  }
}
