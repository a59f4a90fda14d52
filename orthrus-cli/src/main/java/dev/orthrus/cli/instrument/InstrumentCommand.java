package dev.orthrus.cli.instrument;

import dev.orthrus.annotations.Closure;
import dev.orthrus.cli.BadInputException;
import dev.orthrus.cli.OrthrusCommand;
import dev.orthrus.cli.analyze.AnalysisRequest;
import dev.orthrus.cli.compile.BundledClasses;
import dev.orthrus.cli.compile.JavaRelease;
import dev.orthrus.cli.maven.MavenProject;
import dev.orthrus.rewriter.InstrumentException;
import dev.orthrus.rewriter.InstrumentRequest;
import dev.orthrus.rewriter.InstrumentResult;
import dev.orthrus.rewriter.Instrumenter;
import dev.orthrus.rewriter.Problem;
import dev.orthrus.runtime.api.ClosureLog;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code orthrus instrument}: runs the instrumentation pipeline on a Maven project or a source
 * folder, resolved the way {@code orthrus analyze} resolves them ({@link AnalysisRequest}), and
 * writes the protected classes and the rewritten sources outside the sources.
 */
@Command(
    name = "instrument",
    mixinStandardHelpOptions = true,
    description = {
      "Instrument a project: compile its sources with the Orthrus processor, analyze them, rewrite"
          + " closures and user data into their protected form and compile that into --out. The"
          + " protected classes run with orthrus-runtime on the class path.",
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:instrumented",
      "2:usage error",
      "3:bad input: missing folder, no sources, broken classpath, a source that does not parse or"
          + " compile, an Orthrus rule error, a construct Orthrus cannot protect (one line each on"
          + " stderr)",
      "4:internal error"
    })
public final class InstrumentCommand implements Callable<Integer> {

  /** The default class output below a Maven project, beside Maven's own {@code target/classes}. */
  static final String MAVEN_CLASS_OUTPUT = "target/orthrus-classes";

  /** The rewritten sources, beside the class output. */
  static final String GENERATED_SOURCES = "generated-sources/orthrus";

  /** The pipeline, swapped in tests that are about the command rather than the rewriting. */
  public interface Pipeline {
    InstrumentResult instrument(InstrumentRequest request) throws InstrumentException;
  }

  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "DIR",
      description =
          "A Maven project folder (its src/main/java, compiled against target/classes and the"
              + " dependency jars found in the local repository) or a source folder.")
  Path input;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "Where the protected classes go (created if missing). Default for a Maven project: DIR/"
              + MAVEN_CLASS_OUTPUT
              + "; a source folder needs it.")
  Path out;

  @Option(
      names = "--generated-sources",
      paramLabel = "DIR",
      description =
          "Where the rewritten sources go, one per input file. Default: "
              + GENERATED_SOURCES
              + " beside --out (for a Maven project DIR/target/"
              + GENERATED_SOURCES
              + ").")
  Path generatedSources;

  @Option(
      names = "--classpath",
      paramLabel = "PATH",
      split = "${sys:path.separator}",
      description =
          "Extra classpath entries (jars or class folders) the sources need, separated by"
              + " '${sys:path.separator}'. Repeatable. Every entry must exist.")
  List<Path> classpath = new ArrayList<>();

  @Option(
      names = "--release",
      paramLabel = "N",
      description =
          "Compile for Java release N (17 or newer). Default: the Maven project's"
              + " maven.compiler.release (else maven.compiler.target or source), else the running"
              + " JDK's (${sys:java.specification.version}).")
  Integer release;

  private final Pipeline pipeline;

  public InstrumentCommand() {
    this(Instrumenter::instrument);
  }

  /** For tests about the command: a pipeline that fails or answers as they need. */
  public InstrumentCommand(Pipeline pipeline) {
    this.pipeline = pipeline;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      InstrumentRequest request = request(err);
      InstrumentResult result;
      try {
        result = pipeline.instrument(request);
      } catch (InstrumentException e) {
        err.println("orthrus instrument: cannot instrument " + input + ":");
        for (Problem problem : e.problems()) {
          err.println(problem);
        }
        return OrthrusCommand.EXIT_BAD_INPUT;
      }
      out.println(summary(result, request));
      result.ruleWarnings().forEach(w -> err.println("orthrus instrument: warning: " + w));
      result.notValidatedWarnings().forEach(w -> err.println("orthrus instrument: warning: " + w));
      return OrthrusCommand.EXIT_OK;
    } catch (BadInputException e) {
      err.println("orthrus instrument: " + e.getMessage());
      return OrthrusCommand.EXIT_BAD_INPUT;
    } finally {
      out.flush();
      err.flush();
    }
  }

  private InstrumentRequest request(PrintWriter err) {
    boolean mavenProject = Files.isRegularFile(input.resolve("pom.xml"));
    if (Files.isDirectory(input) && !mavenProject && out == null) {
      throw new ParameterException(
          spec.commandLine(),
          "Missing --out: a source folder has no target/ folder, and the protected classes must"
              + " not go among the sources");
    }
    if (Files.isRegularFile(input)) {
      throw new BadInputException(
          "not a directory: " + input + " (give a Maven project folder or a source folder)");
    }
    Path mavenSources = input.resolve("src/main/java");
    if (mavenProject && !Files.isDirectory(mavenSources)) {
      throw new BadInputException("no Java sources to instrument: " + mavenSources + " is missing");
    }
    AnalysisRequest resolved =
        AnalysisRequest.resolve(input, classpath, MavenProject.defaultLocalRepository());
    if (!resolved.compilesSources()) {
      throw new BadInputException(
          "no Java sources to instrument in " + resolved.sourceRoot() + " (" + input + ")");
    }
    for (String note : resolved.notes()) {
      err.println("orthrus instrument: " + note);
    }
    JavaRelease javaRelease =
        release != null ? new JavaRelease(release, "--release " + release) : resolved.release();
    if (javaRelease.feature() < 17) {
      throw new BadInputException(
          "the sources are compiled for "
              + javaRelease
              + ", but Orthrus instruments Java 17 or newer; pass --release 17 if the sources"
              + " compile for it");
    }
    javaRelease.checkCompilable();

    Path classOutput =
        (out != null ? out : input.resolve(MAVEN_CLASS_OUTPUT)).toAbsolutePath().normalize();
    Path generated =
        (generatedSources != null
                ? generatedSources
                : classOutput.getParent().resolve(GENERATED_SOURCES))
            .toAbsolutePath()
            .normalize();
    Path sourceRoot = resolved.sourceRoot().toAbsolutePath().normalize();
    for (Path output : List.of(classOutput, generated)) {
      if (output.startsWith(sourceRoot)) {
        throw new BadInputException(
            output
                + " is inside the sources "
                + sourceRoot
                + ": the next run would read what this one writes; choose a folder outside them"
                + " (--out, --generated-sources)");
      }
      if (Files.exists(output) && !Files.isDirectory(output)) {
        throw new BadInputException(output + " exists and is not a directory");
      }
    }
    return new InstrumentRequest(
        List.of(sourceRoot),
        withOrthrusClasses(resolved.classpath(), err),
        generated,
        classOutput,
        javaRelease.feature());
  }

  /**
   * The generated code compiles against orthrus-runtime and the annotations. A project that does
   * not bring them (a source folder, a pom without the dependency) compiles against the copies the
   * CLI runs with: its own jar once shaded. The protected program then needs orthrus-runtime when
   * it runs, which the note says.
   */
  private static List<Path> withOrthrusClasses(List<Path> classpath, PrintWriter err) {
    List<Path> entries = new ArrayList<>(classpath);
    if (!BundledClasses.runtimePresentOn(entries)) {
      Path runtime = BundledClasses.codeSource(ClosureLog.class);
      entries.add(runtime);
      err.println(
          "orthrus instrument: orthrus-runtime is not on the project's class path; compiling"
              + " against the CLI's copy ("
              + runtime
              + "). Run the protected classes with orthrus-runtime on the class path.");
    }
    if (!BundledClasses.annotationsPresentOn(entries)) {
      entries.add(BundledClasses.codeSource(Closure.class));
    }
    return entries;
  }

  private static String summary(InstrumentResult result, InstrumentRequest request) {
    String nl = System.lineSeparator();
    return "instrumented: "
        + count(result.closures().size(), "closure", "closures")
        + " logged and validated, "
        + count(result.versionedClasses().size(), "class", "classes")
        + " versioned"
        + (result.exportedMethods().isEmpty()
            ? ""
            : ", "
                + count(result.exportedMethods().size(), "public method", "public methods")
                + " with variants for other builds' closures")
        + nl
        + "  protected classes: "
        + request.classOutput()
        + nl
        + "  generated sources: "
        + request.generatedSources()
        + (result.report() == null ? "" : nl + "  report:            " + result.report());
  }

  private static String count(int n, String one, String many) {
    return n + " " + (n == 1 ? one : many);
  }
}
