package dev.orthrus.cli.analyze;

import dev.orthrus.analysis.AnalysisReport;
import dev.orthrus.analysis.EscapeAnalyzer;
import dev.orthrus.analysis.SuggestionsJson;
import dev.orthrus.cli.BadInputException;
import dev.orthrus.cli.OrthrusCommand;
import dev.orthrus.cli.compile.CompilerMessage;
import dev.orthrus.cli.compile.JavaRelease;
import dev.orthrus.cli.compile.ProcessorLoader;
import dev.orthrus.cli.maven.MavenProject;
import dev.orthrus.cli.render.TextReport;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.Diagnostic;
import dev.orthrus.model.SourcePosition;
import dev.orthrus.model.json.ClosureReportJson;
import dev.orthrus.model.report.HtmlReport;
import dev.orthrus.model.report.MarkdownReport;
import dev.orthrus.model.report.SarifReport;
import dev.orthrus.model.rules.Rule;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import javax.annotation.processing.Processor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code orthrus analyze}: the closure report of a project, in two stages. The source stage
 * compiles the sources with the Orthrus processor (rules, closure model); the bytecode stage runs
 * the Soot analysis on the compiled classes (call graph, escape states, tags, violations) and
 * merges both. Compiled classes can also be analyzed directly, without sources. Options become an
 * {@link AnalysisRequest}, the stages turn it into an {@link AnalysisResult}, rendering only reads
 * it.
 */
@Command(
    name = "analyze",
    mixinStandardHelpOptions = true,
    description = {
      "Analyze a project's closures: compile its sources with the Orthrus processor, then analyze the"
          + " compiled classes (call graph, escape state of each allocation, floating-point and vector tags,"
          + " non-deterministic calls, violations with their call chains).",
      "Without sources, analyze a jar or class folders directly. With --suggest, rank candidate closures"
          + " in code that has none."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:no rule errors, no violations",
      "1:an Orthrus rule reported an error, or the bytecode analysis found violations",
      "2:usage error",
      "3:bad input: missing folder or jar, unparsable or uncompilable sources, broken classpath, project not"
          + " compiled",
      "4:internal error"
    })
public final class AnalyzeCommand implements Callable<Integer> {

  /** How many compiler errors are shown when the sources do not compile. */
  static final int SHOWN_COMPILE_ERRORS = 5;

  /** How many missing classes are named on stderr (the json lists them all). */
  static final int SHOWN_MISSING_CLASSES = 5;

  /** The HTML report's name in {@code --out}. */
  public static final String HTML_NAME = "index.html";

  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "PATH",
      description =
          "A source folder, a Maven project folder (its src/main/java is compiled against"
              + " target/classes and the dependency jars found in the local repository; without sources,"
              + " target/classes is analyzed), or a jar. Not with --classes.")
  Path input;

  @Option(
      names = "--classes",
      paramLabel = "DIR|JAR",
      split = "${sys:path.separator}",
      description =
          "Analyze these compiled class folders or jars, without compiling anything."
              + " Repeatable. Not with PATH.")
  List<Path> classes = new ArrayList<>();

  @Option(
      names = "--sources",
      paramLabel = "DIR",
      description =
          "Source folder (package layout) of the analyzed classes, for the excerpts in the HTML"
              + " report. Default: the folder whose sources were compiled.")
  Path sources;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      converter = ReportFormat.Converter.class,
      completionCandidates = ReportFormat.Candidates.class,
      description =
          "Output: ${COMPLETION-CANDIDATES} (default: text). text, json and sarif go to stdout;"
              + " html goes to DIR/index.html with --out, else to stdout.")
  ReportFormat format = ReportFormat.TEXT;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "Also write closures.json, closures.md and index.html (and suggestions.json with"
              + " --suggest) into DIR (created if missing).")
  Path outDir;

  @Option(
      names = "--classpath",
      paramLabel = "PATH",
      split = "${sys:path.separator}",
      description =
          "Extra classpath entries (jars or class folders) the code needs, separated by"
              + " '${sys:path.separator}'. Repeatable. Every entry must exist; classes still missing are"
              + " reported and treated as may-escape.")
  List<Path> classpath = new ArrayList<>();

  @Option(
      names = "--suggest",
      description =
          "Rank candidate closures (methods that write heap state reachable from long-lived data"
              + " structures), with why. With --format json, prints the suggestions document.")
  boolean suggest;

  @Option(
      names = "--release",
      paramLabel = "N",
      description =
          "Compile the sources for Java release N (javac --release). Default: the Maven project's"
              + " maven.compiler.release (else maven.compiler.target or source), else the running JDK's"
              + " (${sys:java.specification.version}). A release newer than the running JDK needs that JDK.")
  Integer release;

  @Option(
      names = "--encoding",
      paramLabel = "CHARSET",
      description =
          "The sources' encoding (javac -encoding). Default: the Maven project's"
              + " project.build.sourceEncoding, else UTF-8.")
  Charset encoding;

  @Option(
      names = "--no-bytecode",
      description =
          "Skip the bytecode stage: only compile with the processor (faster; no reachable methods,"
              + " escape states or violations).")
  boolean noBytecode;

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
    checkUsage();
    try {
      AnalysisRequest request =
          classes.isEmpty()
              ? AnalysisRequest.resolve(input, classpath, MavenProject.defaultLocalRepository())
              : AnalysisRequest.ofClasses(null, classes, classpath);
      if (release != null) {
        request = request.withRelease(new JavaRelease(release, "--release " + release));
      }
      if (encoding != null) {
        request = request.withEncoding(encoding);
      }
      if (sources != null) {
        if (!Files.isDirectory(sources)) {
          throw new BadInputException("--sources " + sources + " is not a directory");
        }
        request = request.withSourceRoot(sources);
      }
      for (String note : request.notes()) {
        err.println("orthrus analyze: " + note);
      }
      checkOutDir();
      BytecodeStage bytecode = noBytecode ? null : new BytecodeStage(err, suggest);
      AnalysisResult result;
      if (request.compilesSources()) {
        request.release().checkCompilable();
        result = new SourceStage(processor, err).run(request, bytecode);
      } else {
        if (bytecode == null) {
          throw new BadInputException(
              "--no-bytecode leaves nothing to do: "
                  + describe(request)
                  + " has no sources to compile");
        }
        if (release != null) {
          err.println(
              "orthrus analyze: --release is ignored: "
                  + describe(request)
                  + " has no sources to compile");
        }
        ClosureReport embedded = EmbeddedReports.find(request.classes(), err);
        result =
            new AnalysisResult(
                embedded,
                null,
                null,
                bytecode.run(describe(request), request.classes(), request.classpath(), embedded),
                null);
      }
      return report(result, request, out, err);
    } catch (BadInputException e) {
      err.println("orthrus analyze: " + e.getMessage());
      return OrthrusCommand.EXIT_BAD_INPUT;
    } finally {
      out.flush();
      err.flush();
    }
  }

  private void checkUsage() {
    if (input == null && classes.isEmpty()) {
      throw new ParameterException(
          spec.commandLine(), "Missing PATH: give a folder or jar to analyze, or --classes");
    }
    if (input != null && !classes.isEmpty()) {
      throw new ParameterException(spec.commandLine(), "Give either PATH or --classes, not both");
    }
    if (noBytecode && suggest) {
      throw new ParameterException(
          spec.commandLine(), "--suggest needs the bytecode stage: drop --no-bytecode");
    }
  }

  private int report(
      AnalysisResult result, AnalysisRequest request, PrintWriter out, PrintWriter err)
      throws IOException {
    if (result.compilation() != null && !result.compilation().parsed()) {
      CompilerMessage first = result.compileErrors().get(0);
      String more =
          result.compileErrors().size() > 1
              ? " (and " + (result.compileErrors().size() - 1) + " more)"
              : "";
      throw new BadInputException(
          "cannot parse "
              + first.file()
              + ":"
              + first.line()
              + ": "
              + firstLine(first.text())
              + more
              + " (read as "
              + request.release()
              + "; sources written for a newer Java need --release N and orthrus on that JDK)");
    }
    List<CompilerMessage> compileErrors = result.compileErrors();
    if (!compileErrors.isEmpty()) {
      List<String> missing = request.missingProcessors();
      boolean unmappable =
          compileErrors.stream().anyMatch(m -> m.text().contains("unmappable character"));
      StringBuilder message =
          new StringBuilder("the sources do not compile (")
              .append(compileErrors.size())
              .append(compileErrors.size() == 1 ? " error" : " errors")
              .append(
                  unmappable
                      ? ") read as "
                          + request.encoding().name()
                          + ": give their encoding with --encoding (a Maven project's"
                          + " project.build.sourceEncoding is read):"
                      : missing.isEmpty()
                          ? "); fix them or add the missing classes with --classpath:"
                          : ") without the processors of "
                              + String.join(", ", missing)
                              + ", which are not in the local repository: fix their version in"
                              + " the pom, or run mvn compile to download them, then analyze"
                              + " again:");
      for (CompilerMessage m :
          compileErrors.subList(0, Math.min(SHOWN_COMPILE_ERRORS, compileErrors.size()))) {
        message.append(System.lineSeparator()).append("  ").append(m.format());
      }
      throw new BadInputException(message.toString());
    }

    List<CompilerMessage> processorErrors = result.processorErrors();
    if (!processorErrors.isEmpty()) {
      throw new IllegalStateException(
          "the Orthrus processor failed: " + processorErrors.get(0).format());
    }
    ClosureReport report = result.merged();
    if (report == null && result.compilation() != null && !result.hasRuleErrors()) {
      throw new IllegalStateException(
          "the Orthrus processor ran but wrote no " + ClosureReport.RESOURCE_PATH);
    }
    if (result.compilation() != null
        && result.bytecode() == null
        && !noBytecode
        && result.hasRuleErrors()) {
      // javac writes no classes once a rule reports an error, so there is nothing to analyze.
      err.println("orthrus analyze: bytecode stage skipped: fix the Orthrus rule errors first");
    }
    // Rule findings go to stderr in javac's shape unless the text report already shows them.
    if (report == null || format != ReportFormat.TEXT) {
      for (CompilerMessage m : result.ruleMessages()) {
        if (m.kind() != javax.tools.Diagnostic.Kind.NOTE) {
          err.println(m.format());
        }
      }
      if (report != null) {
        printRewriterFindings(report, request.sourceRoot(), err);
      }
    }
    AnalysisReport bytecode = result.bytecode();
    if (bytecode != null && format != ReportFormat.TEXT && !bytecode.missingClasses().isEmpty()) {
      List<String> missing = bytecode.missingClasses();
      err.println(
          "orthrus analyze: "
              + missing.size()
              + " referenced classes not found (missing dependencies?"
              + " add them with --classpath); calls into them are treated as may-escape: "
              + String.join(
                  ", ", missing.subList(0, Math.min(SHOWN_MISSING_CLASSES, missing.size())))
              + (missing.size() > SHOWN_MISSING_CLASSES ? ", ..." : ""));
    }
    if (bytecode != null && format != ReportFormat.TEXT) {
      bytecode.diagnostics().stream()
          .filter(d -> d.key().equals(EscapeAnalyzer.NEWER_JDK))
          .forEach(d -> err.println("orthrus analyze: " + d.message()));
    }
    if (report != null) {
      String title = "Orthrus closure report: " + describe(request);
      // Files first: a failure there must not leave a report on stdout that looks complete.
      if (outDir != null) {
        writeReportFiles(result, report, request, title, err);
      }
      switch (format) {
        case TEXT -> out.print(TextReport.render(report, bytecode, suggest));
        case JSON -> {
          if (suggest && bytecode != null) {
            if (!report.closures().isEmpty()) {
              err.println(
                  "orthrus analyze: --suggest --format json prints the suggestions; run without --suggest"
                      + " for the report of the "
                      + report.closures().size()
                      + " closures");
            }
            out.print(SuggestionsJson.write(bytecode));
          } else {
            out.print(ClosureReportJson.write(report));
          }
        }
        case HTML -> {
          if (outDir == null) {
            out.print(HtmlReport.render(report, request.sourceRoot(), title));
          }
        }
        case SARIF -> {
          if (suggest) {
            err.println(
                "orthrus analyze: SARIF holds findings, not suggestions: --suggest ranks them in"
                    + " the text and JSON formats");
          }
          out.print(SarifReport.render(report, request.sourceRoot()));
        }
      }
    }
    if (report != null && report.closures().isEmpty() && format != ReportFormat.TEXT && !suggest) {
      err.println(
          "orthrus analyze: no closures found (no method is annotated @Closure); --suggest ranks candidate"
              + " closures to start with");
    }
    int exit = OrthrusCommand.EXIT_OK;
    if (result.hasRuleErrors()) {
      err.println("orthrus analyze: Orthrus rules reported errors");
      exit = OrthrusCommand.EXIT_FINDINGS;
    }
    int violations = result.violationCount();
    if (violations > 0) {
      err.println(
          "orthrus analyze: "
              + violations
              + (violations == 1 ? " violation" : " violations")
              + " in closures (unversioned writes or thread starts; see the report)");
      exit = OrthrusCommand.EXIT_FINDINGS;
    }
    return exit;
  }

  /**
   * The rewriter stage's errors and warnings in javac's shape ({@link CompilerMessage#format}),
   * files resolved against the source root, so that a build log shows what the report names.
   */
  private static void printRewriterFindings(
      ClosureReport report, Path sourceRoot, PrintWriter err) {
    List<Diagnostic> found = new ArrayList<>(report.diagnostics());
    report.closures().forEach(c -> found.addAll(c.diagnostics()));
    for (Diagnostic d : found) {
      if (!d.key().equals(Rule.UNPROTECTABLE.key()) && !d.key().equals(Rule.NOT_VALIDATED.key())) {
        continue;
      }
      SourcePosition p = d.position();
      CompilerMessage m =
          new CompilerMessage(
              d.isError() ? javax.tools.Diagnostic.Kind.ERROR : javax.tools.Diagnostic.Kind.WARNING,
              p.file().isEmpty() ? "" : sourceRoot.resolve(p.file()).normalize().toString(),
              p.line(),
              p.column(),
              "[" + d.key() + "] " + d.message(),
              d.key());
      err.println(m.format());
    }
  }

  private static String describe(AnalysisRequest request) {
    if (request.input() != null) {
      return request.input().toString();
    }
    return request.classes().size() == 1
        ? request.classes().get(0).toString()
        : request.classes().size() + " class folders and jars";
  }

  private void checkOutDir() {
    if (outDir != null && Files.exists(outDir) && !Files.isDirectory(outDir)) {
      throw new BadInputException("--out " + outDir + " exists and is not a directory");
    }
  }

  private void writeReportFiles(
      AnalysisResult result,
      ClosureReport report,
      AnalysisRequest request,
      String title,
      PrintWriter err)
      throws IOException {
    try {
      Files.createDirectories(outDir);
    } catch (IOException e) {
      throw new BadInputException(
          "cannot create --out folder " + outDir + ": " + e.getMessage(), e);
    }
    Path json = outDir.resolve("closures.json");
    Path md = outDir.resolve(SourceStage.MARKDOWN_NAME);
    Path html = outDir.resolve(HTML_NAME);
    // The processor's Markdown describes the source stage only; once merged, render the merged
    // report.
    String markdown =
        result.bytecode() == null && result.markdown() != null
            ? result.markdown()
            : MarkdownReport.render(report);
    Files.writeString(json, ClosureReportJson.write(report), StandardCharsets.UTF_8);
    Files.writeString(md, markdown, StandardCharsets.UTF_8);
    List<Path> written = new ArrayList<>(List.of(json, md, html));
    // A folder gets the browsable site: the index page and one page per closure under closures/.
    for (Map.Entry<String, String> page :
        HtmlReport.renderSite(report, request.sourceRoot(), title).entrySet()) {
      Path file = outDir.resolve(page.getKey());
      Files.createDirectories(file.getParent());
      Files.writeString(file, page.getValue(), StandardCharsets.UTF_8);
    }
    if (suggest && result.bytecode() != null) {
      Path suggestions = outDir.resolve("suggestions.json");
      Files.writeString(
          suggestions, SuggestionsJson.write(result.bytecode()), StandardCharsets.UTF_8);
      written.add(suggestions);
    }
    err.println(
        "orthrus analyze: wrote "
            + String.join(", ", written.stream().map(Path::toString).toList()));
  }

  private static String firstLine(String text) {
    int newline = text.indexOf('\n');
    return newline < 0 ? text : text.substring(0, newline);
  }
}
