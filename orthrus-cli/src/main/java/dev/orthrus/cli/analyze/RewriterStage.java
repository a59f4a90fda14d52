package dev.orthrus.cli.analyze;

import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.Diagnostic;
import dev.orthrus.model.SourcePosition;
import dev.orthrus.model.rules.Rule;
import dev.orthrus.rewriter.InstrumentCheck;
import dev.orthrus.rewriter.InstrumentException;
import dev.orthrus.rewriter.Instrumenter;
import dev.orthrus.rewriter.Problem;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rewriter stage of {@code orthrus analyze}: runs the source rewriter of the protected build
 * over the sources, without writing or compiling what it makes, so that the report names what the
 * Maven plugin would stop on ({@link Rule#UNPROTECTABLE}) and warn about ({@link
 * Rule#NOT_VALIDATED}). It runs only on sources the processor accepted, as the build does.
 */
final class RewriterStage {

  private static final String LOMBOK = Instrumenter.LOMBOK_PROBLEM;

  private RewriterStage() {}

  /** What the rewriter makes of the request's sources, compiled against {@code classpath}. */
  static InstrumentCheck run(AnalysisRequest request, List<Path> classpath, PrintWriter log) {
    log.println("orthrus analyze: checking what the protected build makes of the sources");
    log.flush();
    Path root = request.sourceRoot().toAbsolutePath().normalize();
    Map<Path, Path> sources = new LinkedHashMap<>();
    for (Path file : request.sources()) {
      Path f = file.toAbsolutePath().normalize();
      sources.put(f, f.startsWith(root) ? root : f.getParent());
    }
    InstrumentCheck check;
    try {
      check =
          Instrumenter.check(
              sources,
              classpath,
              request.ownClasses(),
              request.release().feature(),
              request.encoding());
    } catch (InstrumentException e) {
      // The sources compiled cleanly in the source stage; what is left is what the build would
      // stop on too: a dependency's report that cannot be read, or Lombok.
      check = new InstrumentCheck(lombokOnce(e.problems()), Map.of(), List.of());
    }
    return new InstrumentCheck(
        relative(check.problems(), sources), check.notValidated(), check.foreignOverrides());
  }

  /**
   * {@code problems} with their files relative to the source root, as the processor's diagnostics
   * are: SARIF resolves them against the root, and a report reads the same on any machine.
   */
  private static List<Problem> relative(List<Problem> problems, Map<Path, Path> sources) {
    List<Problem> out = new ArrayList<>();
    for (Problem p : problems) {
      Path f = p.file() == null ? null : p.file().toAbsolutePath().normalize();
      Path root = f == null ? null : sources.get(f);
      out.add(
          root == null
              ? p
              : new Problem(root.relativize(f), p.line(), p.column(), p.construct(), p.advice()));
    }
    return out;
  }

  /**
   * {@code problems} with javac's errors after the rewriter's Lombok problem folded into it: the
   * build lists them to show what is missing, where a report counting each as an error would say
   * there are dozens of problems instead of one.
   */
  static List<Problem> lombokOnce(List<Problem> problems) {
    if (problems.size() < 2 || !problems.get(0).construct().contains(LOMBOK)) {
      return problems;
    }
    Problem lombok = problems.get(0);
    Problem first = problems.get(1);
    String construct =
        lombok
            .construct()
            .replace(
                LOMBOK + " (the errors below)",
                LOMBOK
                    + " (javac reports "
                    + (problems.size() - 1)
                    + (problems.size() == 2 ? " error" : " errors")
                    + ", the first at "
                    + (first.file() == null ? "" : first.file().getFileName())
                    + ":"
                    + first.line()
                    + ": "
                    + first.construct().lines().findFirst().orElse("")
                    + ")");
    return List.of(
        new Problem(lombok.file(), lombok.line(), lombok.column(), construct, lombok.advice()));
  }

  /** {@code report} with the check's findings: problems and overrides outside closures. */
  static ClosureReport merge(ClosureReport report, InstrumentCheck check) {
    List<Diagnostic> outside = new ArrayList<>(report.diagnostics());
    for (Problem p : check.problems()) {
      outside.add(
          new Diagnostic(
              Rule.UNPROTECTABLE.key(),
              Rule.UNPROTECTABLE.severity(),
              p.advice().isEmpty() ? p.construct() : p.construct() + ": " + p.advice(),
              new SourcePosition(
                  p.file() == null ? "" : p.file().toString(), p.line(), p.column())));
    }
    for (String override : check.foreignOverrides()) {
      outside.add(
          new Diagnostic(
              Rule.NOT_VALIDATED.key(),
              Rule.NOT_VALIDATED.severity(),
              override,
              SourcePosition.UNKNOWN));
    }
    List<ClosureModel> closures = new ArrayList<>();
    for (ClosureModel c : report.closures()) {
      List<String> uses = check.notValidated().get(c.id());
      closures.add(
          uses == null
              ? c
              : c.withDiagnostic(
                  new Diagnostic(
                      Rule.NOT_VALIDATED.key(),
                      Rule.NOT_VALIDATED.severity(),
                      InstrumentCheck.notValidatedText(uses),
                      c.source())));
    }
    return new ClosureReport(
        report.schemaVersion(),
        report.generator(),
        report.userDataTypes(),
        closures,
        outside,
        report.suppressions());
  }
}
