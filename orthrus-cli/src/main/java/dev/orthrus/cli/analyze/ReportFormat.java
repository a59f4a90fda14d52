package dev.orthrus.cli.analyze;

import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;

/** How {@code orthrus analyze} prints the closure report on stdout. */
public enum ReportFormat {
  /** A summary for people at a terminal. */
  TEXT,
  /** The ClosureReport JSON, as in {@code closures.json} (with {@code schemaVersion}). */
  JSON,
  /** One self-contained HTML page: an index of closures, a section per closure. */
  HTML,
  /** SARIF 2.1.0, for code-scanning tools. */
  SARIF;

  public String optionValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Accepts the lower-case names users type, and rejects others with the list of valid ones. */
  static final class Converter implements CommandLine.ITypeConverter<ReportFormat> {
    @Override
    public ReportFormat convert(String value) {
      for (ReportFormat f : values()) {
        if (f.optionValue().equalsIgnoreCase(value)) {
          return f;
        }
      }
      throw new CommandLine.TypeConversionException(
          "'" + value + "' is not a format; expected one of " + new Candidates());
    }
  }

  /** The values shown in {@code --help}. */
  static final class Candidates implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of(values()).stream().map(ReportFormat::optionValue).iterator();
    }

    @Override
    public String toString() {
      return String.join(", ", this);
    }
  }
}
