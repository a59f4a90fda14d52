package dev.orthrus.cli.compile;

import com.sun.source.util.JavacTask;
import dev.orthrus.cli.BadInputException;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Processor;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

/**
 * Compiles sources in-process with javac ({@code javax.tools}) and the given annotation processors.
 *
 * <p>It is a full compilation, not {@code -proc:only}: the Orthrus processor inspects type-checked
 * method bodies from a listener on javac's ANALYZE events, which only fire when javac attributes
 * and flow-checks the classes. Parsing is a separate first step so that a file that does not parse
 * is told apart from code that does not type-check.
 */
public final class SourceCompilation {

  /**
   * What javac said.
   *
   * @param parsed every source parsed; when false, compilation stopped after parsing
   * @param messages all diagnostics, in the order javac reported them
   */
  public record Result(boolean parsed, List<CompilerMessage> messages) {
    public Result {
      messages = List.copyOf(messages);
    }

    public List<CompilerMessage> errors() {
      return messages.stream().filter(CompilerMessage::isError).toList();
    }

    /**
     * This result with the processor messages that are not Orthrus rules taken as the project's
     * processors' (when those ran): about the user's code, like javac's own errors.
     */
    public Result withProjectProcessorMessages() {
      return new Result(
          parsed,
          messages.stream()
              .map(m -> m.isFromProcessor() && !m.isOrthrus() ? m.fromTheProject() : m)
              .toList());
    }
  }

  private SourceCompilation() {}

  /**
   * Compiles {@code sources} against {@code classpath} into {@code classOutput}.
   *
   * @param release {@code --release}: the language level and the JDK API the sources see
   * @param encoding the sources' encoding ({@code -encoding})
   * @param processorOptions {@code -Akey=value} options, without the {@code -A}
   */
  public static Result compile(
      List<Path> sources,
      List<Path> classpath,
      Path classOutput,
      JavaRelease release,
      Charset encoding,
      List<Processor> processors,
      List<String> processorOptions) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new IllegalStateException(
          "no Java compiler in "
              + System.getProperty("java.home")
              + ": run orthrus with a JDK, not a JRE");
    }
    DiagnosticCollector<JavaFileObject> parseDiagnostics = new DiagnosticCollector<>();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(diagnostics, null, encoding)) {
      files.setLocationFromPaths(StandardLocation.CLASS_OUTPUT, List.of(classOutput));
      files.setLocationFromPaths(StandardLocation.SOURCE_OUTPUT, List.of(classOutput));
      files.setLocationFromPaths(StandardLocation.CLASS_PATH, classpath);
      // No implicit source lookup on the classpath: only the given sources are compiled.
      files.setLocationFromPaths(StandardLocation.SOURCE_PATH, List.of());
      List<String> options =
          new ArrayList<>(
              List.of(
                  "--release",
                  Integer.toString(release.feature()),
                  "-encoding",
                  encoding.name(),
                  "-implicit:none"));
      for (String option : processorOptions) {
        options.add("-A" + option);
      }
      // javac prints to this writer only what it could not deliver as a diagnostic.
      StringWriter unexpectedOutput = new StringWriter();
      Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromPaths(sources);
      // A parse of its own, without processors: when processors are present javac defers parse
      // errors until after processing, where they can no longer be told apart from type errors.
      JavacTask parseOnly;
      try {
        parseOnly =
            (JavacTask)
                javac.getTask(unexpectedOutput, files, parseDiagnostics, options, null, units);
      } catch (IllegalArgumentException e) {
        // javac refuses the option itself, e.g. a release older than it supports.
        throw new BadInputException(
            "javac of JDK "
                + Runtime.version().feature()
                + " cannot compile for "
                + release
                + ": "
                + e.getMessage(),
            e);
      }
      parseOnly.setProcessors(List.of());
      parseOnly.parse();
      if (hasErrors(parseDiagnostics)) {
        return new Result(false, messages(parseDiagnostics));
      }
      JavacTask task =
          (JavacTask) javac.getTask(unexpectedOutput, files, diagnostics, options, null, units);
      task.setProcessors(processors);
      task.generate();
      return new Result(true, messages(diagnostics));
    } catch (IOException e) {
      throw new UncheckedIOException("javac file manager: " + e.getMessage(), e);
    }
  }

  private static boolean hasErrors(DiagnosticCollector<JavaFileObject> diagnostics) {
    return diagnostics.getDiagnostics().stream()
        .anyMatch(d -> d.getKind() == javax.tools.Diagnostic.Kind.ERROR);
  }

  private static List<CompilerMessage> messages(DiagnosticCollector<JavaFileObject> diagnostics) {
    return diagnostics.getDiagnostics().stream().map(CompilerMessage::of).toList();
  }
}
