package dev.orthrus.cli.analyze;

import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.Diagnostic;
import dev.orthrus.model.json.ClosureReportJson;
import dev.orthrus.model.json.JsonException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The processor's reports that compiled classes carry: a build that ran the Orthrus processor left
 * {@code META-INF/orthrus/closures.json} in its class folder or jar. When analyzing such classes
 * directly, the report supplies the source-level facts (parameter names, columns, reads and writes)
 * that bytecode alone does not have.
 */
final class EmbeddedReports {

  private EmbeddedReports() {}

  /**
   * The reports found in {@code classes}, combined into one, or null when none has one. A report
   * that cannot be read is named on the log and skipped: the bytecode alone still gives a result.
   */
  static ClosureReport find(List<Path> classes, PrintWriter log) {
    List<ClosureReport> found = new ArrayList<>();
    for (Path entry : classes) {
      String text;
      try {
        text = read(entry);
      } catch (IOException e) {
        log.println(
            "orthrus analyze: cannot read "
                + ClosureReport.RESOURCE_PATH
                + " in "
                + entry
                + ": "
                + e.getMessage());
        continue;
      }
      if (text == null) {
        continue;
      }
      try {
        found.add(ClosureReportJson.read(text));
        log.println(
            "orthrus analyze: using the processor's report "
                + ClosureReport.RESOURCE_PATH
                + " in "
                + entry);
      } catch (JsonException e) {
        log.println(
            "orthrus analyze: ignoring the malformed "
                + ClosureReport.RESOURCE_PATH
                + " in "
                + entry
                + ": "
                + e.getMessage());
      }
    }
    if (found.isEmpty()) {
      return null;
    }
    if (found.size() == 1) {
      return found.get(0);
    }
    TreeSet<String> userData = new TreeSet<>();
    List<ClosureModel> closures = new ArrayList<>();
    List<Diagnostic> diagnostics = new ArrayList<>();
    for (ClosureReport r : found) {
      userData.addAll(r.userDataTypes());
      closures.addAll(r.closures());
      diagnostics.addAll(r.diagnostics());
    }
    return new ClosureReport(
        ClosureReport.SCHEMA_VERSION,
        found.get(0).generator(),
        new ArrayList<>(userData),
        closures,
        diagnostics);
  }

  private static String read(Path entry) throws IOException {
    if (Files.isDirectory(entry)) {
      Path json = entry.resolve(ClosureReport.RESOURCE_PATH);
      return Files.isRegularFile(json) ? Files.readString(json, StandardCharsets.UTF_8) : null;
    }
    try (ZipFile zip = new ZipFile(entry.toFile())) {
      ZipEntry json = zip.getEntry(ClosureReport.RESOURCE_PATH);
      if (json == null) {
        return null;
      }
      try (InputStream in = zip.getInputStream(json)) {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
    }
  }
}
