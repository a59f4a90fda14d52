package dev.orthrus.rewriter.compile;

import com.sun.source.util.JavacTask;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.json.ClosureReportJson;
import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.OrthrusProcessor;
import dev.orthrus.rewriter.InstrumentException;
import dev.orthrus.rewriter.Problem;
import dev.orthrus.rewriter.facts.FactsCollector;
import dev.orthrus.rewriter.facts.LibraryCode;
import dev.orthrus.rewriter.facts.SourceFacts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

/** The two javac runs of the pipeline, in-process through {@code javax.tools}. */
public final class Javac {

  /** What the first run learned: the type facts and the processor's closure report. */
  public record Analysis(SourceFacts facts, ClosureReport report) {}

  private Javac() {}

  /**
   * Compiles the user's sources with the Orthrus processor into a scratch folder, collecting the
   * facts the rewriter needs. Any error (syntax, types, a processor rule) stops the pipeline.
   */
  public static Analysis analyze(
      List<Path> sources, List<Path> classPath, int release, Path scratch)
      throws InstrumentException {
    return analyze(sources, classPath, release, StandardCharsets.UTF_8, List.of(), scratch);
  }

  /**
   * {@link #analyze(List, List, int, Path)} of sources in {@code encoding}, with the user build's
   * {@code options} ({@link dev.orthrus.rewriter.InstrumentRequest#javacOptions}).
   */
  public static Analysis analyze(
      List<Path> sources,
      List<Path> classPath,
      int release,
      Charset encoding,
      List<String> options,
      Path scratch)
      throws InstrumentException {
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    JavaCompiler javac = compiler();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(diagnostics, Locale.ROOT, encoding)) {
      Files.createDirectories(scratch);
      files.setLocationFromPaths(StandardLocation.CLASS_OUTPUT, List.of(scratch));
      files.setLocationFromPaths(StandardLocation.SOURCE_OUTPUT, List.of(scratch));
      files.setLocationFromPaths(StandardLocation.CLASS_PATH, classPath);
      files.setLocationFromPaths(StandardLocation.SOURCE_PATH, List.of());
      JavacTask task =
          (JavacTask)
              javac.getTask(
                  null,
                  files,
                  diagnostics,
                  // Every file attributed before any is lowered: the facts of one method may
                  // come from another file's (what a static getter there returns).
                  arguments(release, options, "-g", "-XDcompilePolicy=simple"),
                  null,
                  files.getJavaFileObjectsFromPaths(sources));
      OrthrusProcessor processor = new OrthrusProcessor();
      processor.judgeExports();
      task.setProcessors(List.of(processor));
      LibraryCode library = new LibraryCode(classPath);
      FactsCollector collector = new FactsCollector(task, library);
      task.addTaskListener(collector);
      boolean ok;
      try {
        ok = task.call();
      } finally {
        library.close();
      }
      List<Problem> errors = errors(diagnostics);
      if (!ok || !errors.isEmpty()) {
        throw new InstrumentException(
            errors.isEmpty()
                ? List.of(new Problem(null, 0, 0, "javac failed", "see its output above"))
                : errors);
      }
      collector.facts().unexportable(processor.unexportable());
      // The sources' classes as javac just wrote them, read as a protected dependency's caller
      // reads library code: what exported methods do that VAL must not do again.
      List<Path> compiled = new ArrayList<>();
      compiled.add(scratch);
      compiled.addAll(classPath);
      LibraryCode own = new LibraryCode(compiled);
      try {
        collector.facts().judgeExports(own);
      } finally {
        own.close();
      }
      Path json = scratch.resolve(ClosureReport.RESOURCE_PATH);
      ClosureReport report =
          Files.exists(json) ? ClosureReportJson.read(Files.readString(json)) : null;
      return new Analysis(collector.facts(), report);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Compiles the generated sources into {@code output}; no annotation processing. */
  public static void compile(List<Path> sources, List<Path> classPath, int release, Path output)
      throws InstrumentException {
    compile(sources, Map.of(), classPath, release, output);
  }

  /**
   * Compiles the generated sources into {@code output}; {@code originals} maps each to the source
   * it was made from, where a problem a field of the program causes is reported ({@link
   * ObscuredNames}).
   */
  public static void compile(
      List<Path> sources, Map<Path, Path> originals, List<Path> classPath, int release, Path output)
      throws InstrumentException {
    compile(sources, originals, classPath, release, List.of(), output);
  }

  /**
   * {@link #compile(List, Map, List, int, Path)} with the user build's {@code options} ({@link
   * dev.orthrus.rewriter.InstrumentRequest#javacOptions}); the generated sources are UTF-8.
   */
  public static void compile(
      List<Path> sources,
      Map<Path, Path> originals,
      List<Path> classPath,
      int release,
      List<String> options,
      Path output)
      throws InstrumentException {
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    JavaCompiler javac = compiler();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      Files.createDirectories(output);
      files.setLocationFromPaths(StandardLocation.CLASS_OUTPUT, List.of(output));
      files.setLocationFromPaths(StandardLocation.CLASS_PATH, classPath);
      files.setLocationFromPaths(StandardLocation.SOURCE_PATH, List.of());
      boolean ok =
          javac
              .getTask(
                  null,
                  files,
                  diagnostics,
                  arguments(release, options, "-proc:none", "-g"),
                  null,
                  files.getJavaFileObjectsFromPaths(sources))
              .call();
      List<Problem> errors = errors(diagnostics);
      if (!ok || !errors.isEmpty()) {
        List<Problem> generated = new ArrayList<>();
        for (Problem p : errors) {
          Optional<Problem> explained =
              ObscuredNames.explain(p, originals, release)
                  .map(e -> e.keyed(Rule.UNPROTECTABLE.key()));
          if (explained.isPresent()) {
            if (!generated.contains(explained.get())) {
              generated.add(explained.get());
            }
            continue;
          }
          generated.add(
              new Problem(
                  p.file(),
                  p.line(),
                  p.column(),
                  "the generated source does not compile: " + p.construct(),
                  "this is a rewriter bug; please report it with the original source"));
        }
        throw new InstrumentException(
            generated.isEmpty()
                ? List.of(new Problem(null, 0, 0, "javac failed on generated sources", ""))
                : generated);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * javac's arguments: the release, {@code ours}, then the user build's {@code options}. javac
   * refuses {@code --add-exports} and {@code --add-reads} of the JDK's modules with {@code
   * --release}, so a build that needs them compiles with {@code -source} and {@code -target}, as
   * the user's own does.
   */
  static List<String> arguments(int release, List<String> options, String... ours) {
    String n = Integer.toString(release);
    boolean opensTheJdk =
        options.stream()
            .anyMatch(o -> o.startsWith("--add-exports") || o.startsWith("--add-reads"));
    List<String> all =
        new ArrayList<>(
            opensTheJdk ? List.of("-source", n, "-target", n) : List.of("--release", n));
    all.addAll(List.of(ours));
    all.addAll(options);
    return all;
  }

  private static List<Problem> errors(DiagnosticCollector<JavaFileObject> diagnostics) {
    List<Problem> problems = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() != Diagnostic.Kind.ERROR) {
        continue;
      }
      Path file = d.getSource() == null ? null : Path.of(d.getSource().toUri());
      problems.add(
          new Problem(
              file,
              (int) Math.max(0, d.getLineNumber()),
              (int) Math.max(0, d.getColumnNumber()),
              d.getMessage(Locale.ROOT),
              ""));
    }
    return problems;
  }

  private static JavaCompiler compiler() {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new IllegalStateException(
          "no Java compiler in " + System.getProperty("java.home") + ": run with a JDK, not a JRE");
    }
    return javac;
  }
}
