package dev.orthrus.cli.analyze;

import dev.orthrus.cli.BadInputException;
import dev.orthrus.cli.OrthrusCommand;
import dev.orthrus.cli.compile.CompilerMessage;
import dev.orthrus.cli.compile.ProcessorLoader;
import dev.orthrus.cli.maven.MavenProject;
import dev.orthrus.cli.render.TextReport;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.json.ClosureReportJson;
import dev.orthrus.model.report.MarkdownReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import javax.annotation.processing.Processor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code orthrus analyze}: compiles a project's sources with the Orthrus processor and prints the
 * closure report. The steps are kept apart so the bytecode analysis can join them later: options
 * become an {@link AnalysisRequest}, {@link ClosureAnalysis} turns it into an
 * {@link AnalysisResult}, and rendering only reads the result.
 */
@Command(
    name = "analyze",
    mixinStandardHelpOptions = true,
    description = {
        "Compile a project's sources with the Orthrus processor and print its closure report:",
        "per closure its inputs and outputs, user-data reads and writes, allocations,",
        "non-deterministic calls, tags and rule diagnostics."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:no rule errors",
        "1:an Orthrus rule reported an error",
        "2:usage error",
        "3:bad input: missing folder, unparsable or uncompilable sources, broken classpath",
        "4:internal error"
    })
public final class AnalyzeCommand implements Callable<Integer> {

  /** How many compiler errors are shown when the sources do not compile. */
  static final int SHOWN_COMPILE_ERRORS = 5;

  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "PATH",
      description = "A source folder, or a Maven project folder (its src/main/java is compiled"
          + " against target/classes and the dependency jars found in the local repository).")
  Path input;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      converter = ReportFormat.Converter.class,
      completionCandidates = ReportFormat.Candidates.class,
      description = "Output on stdout: ${COMPLETION-CANDIDATES} (default: text).")
  ReportFormat format = ReportFormat.TEXT;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Also write closures.json and closures.md into DIR (created if missing).")
  Path outDir;

  @Option(
      names = "--classpath",
      paramLabel = "PATH",
      split = "${sys:path.separator}",
      description = "Extra classpath entries (jars or class folders) the sources need, separated by"
          + " '${sys:path.separator}'. Repeatable.")
  List<Path> classpath = new ArrayList<>();

  private final Supplier<Processor> processor;

  public AnalyzeCommand() {
    this(ProcessorLoader::orthrusProcessor);
  }

  /** For tests that need a processor other than the real one (e.g. one that crashes). */
  AnalyzeCommand(Supplier<Processor> processor) {
    this.processor = processor;
  }

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      AnalysisRequest request = AnalysisRequest.resolve(
          input, classpath, MavenProject.defaultLocalRepository());
      for (String note : request.notes()) {
        err.println("orthrus analyze: " + note);
      }
      checkOutDir();
      AnalysisResult result = new ClosureAnalysis(processor, err).run(request);
      return report(result, out, err);
    } catch (BadInputException e) {
      err.println("orthrus analyze: " + e.getMessage());
      return OrthrusCommand.EXIT_BAD_INPUT;
    } finally {
      out.flush();
      err.flush();
    }
  }

  private int report(AnalysisResult result, PrintWriter out, PrintWriter err) throws IOException {
    if (!result.compilation().parsed()) {
      CompilerMessage first = result.compileErrors().get(0);
      String more = result.compileErrors().size() > 1
          ? " (and " + (result.compileErrors().size() - 1) + " more)" : "";
      throw new BadInputException("cannot parse " + first.file() + ":" + first.line() + ": "
          + firstLine(first.text()) + more);
    }
    List<CompilerMessage> compileErrors = result.compileErrors();
    if (!compileErrors.isEmpty()) {
      StringBuilder message = new StringBuilder("the sources do not compile (")
          .append(compileErrors.size()).append(compileErrors.size() == 1 ? " error" : " errors")
          .append("); fix them or add the missing classes with --classpath:");
      for (CompilerMessage m : compileErrors.subList(0, Math.min(SHOWN_COMPILE_ERRORS, compileErrors.size()))) {
        message.append(System.lineSeparator()).append("  ").append(m.format());
      }
      throw new BadInputException(message.toString());
    }

    List<CompilerMessage> processorErrors = result.processorErrors();
    if (!processorErrors.isEmpty()) {
      throw new IllegalStateException("the Orthrus processor failed: " + processorErrors.get(0).format());
    }
    ClosureReport report = result.report();
    if (report == null && !result.hasRuleErrors()) {
      throw new IllegalStateException("the Orthrus processor ran but wrote no " + ClosureReport.RESOURCE_PATH);
    }
    // Rule findings go to stderr in javac's shape unless the text report already shows them.
    if (report == null || format != ReportFormat.TEXT) {
      for (CompilerMessage m : result.ruleMessages()) {
        if (m.kind() != javax.tools.Diagnostic.Kind.NOTE) {
          err.println(m.format());
        }
      }
    }
    if (report != null) {
      // Files first: a failure there must not leave a report on stdout that looks complete.
      if (outDir != null) {
        writeReportFiles(report, result.markdown(), err);
      }
      out.print(format == ReportFormat.JSON ? ClosureReportJson.write(report) : TextReport.render(report));
    }
    if (result.hasRuleErrors()) {
      err.println("orthrus analyze: Orthrus rules reported errors");
      return OrthrusCommand.EXIT_FINDINGS;
    }
    return OrthrusCommand.EXIT_OK;
  }

  private void checkOutDir() {
    if (outDir != null && Files.exists(outDir) && !Files.isDirectory(outDir)) {
      throw new BadInputException("--out " + outDir + " exists and is not a directory");
    }
  }

  private void writeReportFiles(ClosureReport report, String markdown, PrintWriter err) throws IOException {
    try {
      Files.createDirectories(outDir);
    } catch (IOException e) {
      throw new BadInputException("cannot create --out folder " + outDir + ": " + e.getMessage(), e);
    }
    Path json = outDir.resolve("closures.json");
    Path md = outDir.resolve(ClosureAnalysis.MARKDOWN_NAME);
    Files.writeString(json, ClosureReportJson.write(report), StandardCharsets.UTF_8);
    Files.writeString(md, markdown != null ? markdown : MarkdownReport.render(report), StandardCharsets.UTF_8);
    err.println("orthrus analyze: wrote " + json + " and " + md);
  }

  private static String firstLine(String text) {
    int newline = text.indexOf('\n');
    return newline < 0 ? text : text.substring(0, newline);
  }
}
