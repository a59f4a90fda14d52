package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.json.ClosureReportJson;
import dev.orthrus.processor.OrthrusProcessor;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles sources with the Orthrus processor, as a build would, and keeps what it said: its
 * diagnostics and its {@code closures.json}. The compilation may fail (rule errors); the report is
 * written before javac stops.
 */
final class ProcessorRun {

  /** One diagnostic: its rule key ({@code [key]} prefix), javac's kind, and the line. */
  record Message(String key, Diagnostic.Kind kind, long line, String text) {}

  final List<Message> messages = new ArrayList<>();
  final ClosureReport report;

  private ProcessorRun(List<Message> messages, ClosureReport report) {
    this.messages.addAll(messages);
    this.report = report;
  }

  static ProcessorRun compile(List<Path> sources, List<String> extraOptions) {
    try {
      Path out = Files.createTempDirectory("orthrus-processor-run");
      JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
      DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
      StringWriter log = new StringWriter();
      List<String> options =
          new ArrayList<>(
              List.of("-d", out.toString(), "-classpath", System.getProperty("java.class.path")));
      options.addAll(extraOptions);
      try (StandardJavaFileManager fm = javac.getStandardFileManager(null, null, null)) {
        JavaCompiler.CompilationTask task =
            javac.getTask(
                log, fm, diagnostics, options, null, fm.getJavaFileObjectsFromPaths(sources));
        task.setProcessors(List.of(new OrthrusProcessor()));
        task.call();
      }
      List<Message> messages = new ArrayList<>();
      for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
        String text = d.getMessage(Locale.ROOT);
        String key =
            text.startsWith("[") && text.indexOf(']') > 0
                ? text.substring(1, text.indexOf(']'))
                : "";
        messages.add(new Message(key, d.getKind(), d.getLineNumber(), text));
      }
      Path json = out.resolve(ClosureReport.RESOURCE_PATH);
      assertTrue(Files.exists(json), "the processor wrote no closures.json: " + messages + log);
      return new ProcessorRun(messages, ClosureReportJson.read(Files.readString(json)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
