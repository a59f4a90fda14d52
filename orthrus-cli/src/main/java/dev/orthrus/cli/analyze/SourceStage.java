package dev.orthrus.cli.analyze;

import dev.orthrus.analysis.AnalysisReport;
import dev.orthrus.cli.compile.BundledClasses;
import dev.orthrus.cli.compile.ProjectProcessors;
import dev.orthrus.cli.compile.RecordingProcessor;
import dev.orthrus.cli.compile.SourceCompilation;
import dev.orthrus.cli.compile.TemporaryFolders;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.json.ClosureReportJson;
import dev.orthrus.model.json.JsonException;
import dev.orthrus.processor.model.ClosureModelBuilder;
import dev.orthrus.rewriter.InstrumentCheck;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javax.annotation.processing.Processor;

/**
 * The source stage of {@code orthrus analyze}: compiles the request's sources with the Orthrus
 * processor into a temporary folder and reads back the closure report it wrote there; then runs the
 * protected build's rewriter over them ({@link RewriterStage}) and, while the compiled classes
 * still exist, hands them to the bytecode stage. The folder is deleted before returning, so nothing
 * is left in the user's project.
 */
public final class SourceStage {

  /** Name of the Markdown report the processor writes beside {@code closures.json}. */
  public static final String MARKDOWN_NAME = "closures.md";

  /** The model of sources that use no Orthrus annotation. */
  static final ClosureReport NO_CLOSURES =
      new ClosureReport(
          ClosureReport.SCHEMA_VERSION,
          ClosureModelBuilder.GENERATOR,
          List.of(),
          List.of(),
          List.of());

  private final Supplier<Processor> processor;
  private final PrintWriter log;

  /**
   * @param processor creates the annotation processor (a new one per compilation, as javac
   *     requires)
   * @param log where progress lines go (stderr)
   */
  public SourceStage(Supplier<Processor> processor, PrintWriter log) {
    this.processor = processor;
    this.log = log;
  }

  /**
   * @param bytecode the bytecode stage to run on the compiled classes, or null to stop after the
   *     source stage; it runs only when javac compiled the sources cleanly (an error, including an
   *     Orthrus rule error, stops javac before it writes classes)
   */
  public AnalysisResult run(AnalysisRequest request, BytecodeStage bytecode) {
    Path work = TemporaryFolders.create("orthrus-analyze-");
    try {
      Path classes = Files.createDirectories(work.resolve("classes"));
      List<Path> classpath = new ArrayList<>(request.classpath());
      Path bundled = work.resolve("bundled");
      if (BundledClasses.supplyMissing(classpath, bundled)) {
        classpath.add(bundled);
      }
      log.printf(
          "orthrus analyze: compiling %d source file%s from %s for %s%n",
          request.sources().size(),
          request.sources().size() == 1 ? "" : "s",
          request.sourceRoot(),
          request.release());
      log.flush();
      RecordingProcessor orthrus = new RecordingProcessor(processor.get());
      SourceCompilation.Result compilation;
      // The project's own processors run first, as they generate what its sources refer to.
      try (ProjectProcessors others =
          ProjectProcessors.load(request.processorPath(), request.processorClasses())) {
        for (String problem : others.problems()) {
          log.println("orthrus analyze: " + problem);
        }
        if (!others.processors().isEmpty()) {
          log.println(
              "orthrus analyze: with the project's annotation processors "
                  + String.join(", ", others.names()));
        }
        log.flush();
        List<Processor> processors = new ArrayList<>(others.processors());
        processors.add(orthrus);
        compilation =
            SourceCompilation.compile(
                request.sources(),
                classpath,
                classes,
                request.release(),
                request.encoding(),
                processors,
                List.of());
        if (!others.processors().isEmpty()) {
          compilation = compilation.withProjectProcessorMessages();
        }
      }
      Path json = classes.resolve(ClosureReport.RESOURCE_PATH);
      ClosureReport report = null;
      String markdown = null;
      if (Files.isRegularFile(json)) {
        report = readReport(json);
        Path md = json.resolveSibling(MARKDOWN_NAME);
        if (Files.isRegularFile(md)) {
          markdown = Files.readString(md, StandardCharsets.UTF_8);
        }
      } else if (!orthrus.ran()) {
        // javac never reached annotation processing: no model, and nothing the processor got wrong.
        report = NO_CLOSURES;
      }
      AnalysisReport analyzed = null;
      InstrumentCheck rewriter = null;
      if (report != null && compilation.errors().isEmpty()) {
        // Also without closures or user data of its own, where a protected dependency's user data
        // may be used (a write to its field stops the build).
        if (!report.closures().isEmpty()
            || !report.userDataTypes().isEmpty()
            || BundledClasses.protectedBuildOn(classpath)) {
          // As in the build, the classes the project's processors generated are there already.
          List<Path> generated = new ArrayList<>(classpath);
          generated.add(classes);
          rewriter = RewriterStage.run(request, generated, log);
        }
        if (bytecode != null) {
          analyzed = bytecode.run("the compiled classes", List.of(classes), classpath, report);
        }
      }
      return new AnalysisResult(report, markdown, compilation, analyzed, rewriter);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      TemporaryFolders.delete(work, log);
    }
  }

  private static ClosureReport readReport(Path json) throws IOException {
    try {
      return ClosureReportJson.read(Files.readString(json, StandardCharsets.UTF_8));
    } catch (JsonException e) {
      // The processor wrote it in this very run: a malformed file is our bug, not the user's.
      throw new IllegalStateException(
          "the processor wrote an unreadable "
              + ClosureReport.RESOURCE_PATH
              + ": "
              + e.getMessage(),
          e);
    }
  }
}
