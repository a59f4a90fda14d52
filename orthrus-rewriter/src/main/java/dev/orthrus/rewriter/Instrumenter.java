package dev.orthrus.rewriter;

import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.Diagnostic;
import dev.orthrus.model.Severity;
import dev.orthrus.model.rules.Rule;
import dev.orthrus.rewriter.compile.Javac;
import dev.orthrus.rewriter.compile.ModuleRequirement;
import dev.orthrus.rewriter.compile.OriginalLines;
import dev.orthrus.rewriter.facts.Rename;
import dev.orthrus.rewriter.transform.Rewriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The instrumentation pipeline: compile the user's sources with the Orthrus processor (its rules
 * decide what can be protected) while collecting the type facts the rewriter needs, rewrite every
 * file that holds user data, closures or calls of closures, write the result under the
 * generated-sources folder, and compile it into the class output. Used by {@code orthrus
 * instrument} and the Maven plugin.
 */
public final class Instrumenter {

  /** A class every class path that generated code compiles against must hold. */
  private static final String RUNTIME_CLASS = "dev/orthrus/runtime/api/ClosureLog.class";

  private Instrumenter() {}

  /**
   * Instruments the request's sources.
   *
   * @throws InstrumentException when a source does not parse or type-check, breaks a processor
   *     rule, or holds a construct the rewriter cannot protect; nothing is written to the class
   *     output
   */
  public static InstrumentResult instrument(InstrumentRequest request) throws InstrumentException {
    if (!onClassPath(request.classPath(), RUNTIME_CLASS)) {
      throw new InstrumentException(
          List.of(
              new Problem(
                  null,
                  0,
                  0,
                  "orthrus-runtime is not on the class path",
                  "add the dependency dev.orthrus:orthrus-runtime: the protected classes call it")));
    }
    Map<Path, Path> roots = new LinkedHashMap<>();
    Map<Path, String> sources = new LinkedHashMap<>();
    for (Path root : request.sourceRoots()) {
      Path r = root.toAbsolutePath().normalize();
      for (Path file : javaFiles(r)) {
        roots.put(file, r);
        sources.put(file, read(file, request.sourceEncoding()));
      }
    }
    if (sources.isEmpty()) {
      throw new InstrumentException(
          List.of(
              new Problem(
                  null,
                  0,
                  0,
                  "no Java sources in " + request.sourceRoots(),
                  "give the folders that hold the packages (e.g. src/main/java)")));
    }
    InstrumentReport dependencies =
        ProtectedDependencies.exports(request.classPath(), request.classOutput());
    Path scratch = temporaryFolder();
    Path others = temporaryFolder();
    List<Path> classPath =
        OwnClasses.hidden(request.classPath(), request.classOutput(), roots, others);
    Prepared prepared = null;
    try {
      prepared =
          prepare(
              roots,
              sources,
              classPath,
              request.release(),
              request.sourceEncoding(),
              request.javacOptions(),
              scratch);
      Path work = prepared.work();
      Rewriter.Result rewritten = prepared.rewrite(dependencies, request.release(), true);
      if (!rewritten.problems().isEmpty()) {
        throw new InstrumentException(keyed(rewritten.problems()));
      }
      Path out = request.generatedSources().toAbsolutePath().normalize();
      Path compiled = work.resolve("classes");
      List<Path> generated;
      try {
        generated = writeAndCompile(rewritten, prepared, out, request, classPath, compiled);
      } catch (InstrumentException e) {
        if (rewritten.report().methods().isEmpty()) {
          throw e;
        }
        // The variants made for other builds' closures must not fail a build that protects its
        // own closures: it is made again without them (decision 0075).
        rewritten = prepared.rewrite(dependencies, request.release(), false);
        deleteTree(compiled);
        generated = writeAndCompile(rewritten, prepared, out, request, classPath, compiled);
      }
      copyTree(compiled, request.classOutput());
      ModuleRequirement.requireRuntime(request.classOutput());
      copyClosureReport(work, request.classOutput(), prepared.analysis().report() != null);
      Path report = request.classOutput().resolve(InstrumentReport.RESOURCE_PATH);
      Files.createDirectories(report.getParent());
      Files.writeString(report, rewritten.report().toJson(), StandardCharsets.UTF_8);
      return new InstrumentResult(
          generated,
          rewritten.closures(),
          rewritten.versionedClasses(),
          rewritten.report().methods().stream().map(InstrumentReport.Method::id).toList(),
          report,
          notValidated(rewritten.report()),
          rewritten.foreignOverrides(),
          ruleWarnings(prepared.analysis().report()));
    } catch (InstrumentException e) {
      throw prepared == null ? e : new InstrumentException(prepared.original(e.problems()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      deleteTree(scratch);
      deleteTree(others);
    }
  }

  /**
   * What instrumenting these sources would report, without writing or compiling anything: the
   * rewriter's problems (a build would stop on them), else the uses that leave executions not
   * validated and the overrides of other modules' user data (a build would warn). {@code orthrus
   * analyze} shows them beside the processor's findings, so that its verdict is the build's.
   *
   * @param sources the source files, each mapped to its source root (package layout)
   * @param ownOutput the class output of the build of these sources, whose report a class path may
   *     hold from an earlier build and which is not a dependency; null when there is none
   * @param encoding the sources' encoding
   * @throws InstrumentException when the sources do not compile or break a processor rule (the
   *     caller reports those its own way), or a protected dependency's report cannot be read
   */
  public static InstrumentCheck check(
      Map<Path, Path> sources, List<Path> classPath, Path ownOutput, int release, Charset encoding)
      throws InstrumentException {
    Map<Path, String> texts = new LinkedHashMap<>();
    Map<Path, Path> roots = new LinkedHashMap<>();
    for (Map.Entry<Path, Path> source : sources.entrySet()) {
      Path file = source.getKey().toAbsolutePath().normalize();
      roots.put(file, source.getValue().toAbsolutePath().normalize());
      texts.put(file, read(file, encoding));
    }
    InstrumentReport dependencies = ProtectedDependencies.exports(classPath, ownOutput);
    Path scratch = temporaryFolder();
    Path others = temporaryFolder();
    try {
      Prepared prepared =
          prepare(
              roots,
              texts,
              OwnClasses.hidden(classPath, ownOutput, roots, others),
              release,
              encoding,
              List.of(),
              scratch);
      Rewriter.Result rewritten = prepared.rewrite(dependencies, release, true);
      return new InstrumentCheck(
          prepared.original(rewritten.problems()),
          notValidated(rewritten.report()),
          rewritten.foreignOverrides());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      deleteTree(scratch);
      deleteTree(others);
    }
  }

  /**
   * How the problem that leads the errors of sources using Lombok begins ({@link #withLombok}); the
   * javac errors it explains follow it.
   */
  public static final String LOMBOK_PROBLEM =
      "Lombok: the protected build compiles the sources without Lombok's processor, so the members"
          + " it generates are missing";

  /**
   * {@code e}, led by a problem that names Lombok when a source uses it: the pipeline compiles the
   * sources with the Orthrus processor only, so the members Lombok would generate are missing and
   * javac's errors ({@code cannot find symbol getBalance()}) do not say why.
   */
  private static InstrumentException withLombok(InstrumentException e, Map<Path, String> sources) {
    for (Map.Entry<Path, String> source : sources.entrySet()) {
      String text = source.getValue();
      int at = Math.max(text.indexOf("import lombok."), text.indexOf("@lombok."));
      if (at >= 0) {
        int line = (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
        List<Problem> problems = new ArrayList<>();
        problems.add(
            new Problem(
                source.getKey(),
                line,
                1,
                LOMBOK_PROBLEM + " (the errors below)",
                "protect the delomboked sources instead (docs/maven-plugin.md#lombok)"));
        problems.addAll(e.problems());
        return new InstrumentException(problems);
      }
    }
    return e;
  }

  /**
   * The warnings of the processor's rules in {@code report} (null: none), report-wide ones first,
   * as {@code file:line:column: [key] message} lines.
   */
  private static List<String> ruleWarnings(ClosureReport report) {
    if (report == null) {
      return List.of();
    }
    List<Diagnostic> all = new ArrayList<>(report.diagnostics());
    report.closures().forEach(c -> all.addAll(c.diagnostics()));
    return all.stream()
        .filter(d -> d.severity() == Severity.WARNING)
        .map(
            d ->
                d.position().file()
                    + ":"
                    + d.position().line()
                    + ":"
                    + d.position().column()
                    + ": ["
                    + d.key()
                    + "] "
                    + d.message())
        .distinct()
        .toList();
  }

  /**
   * The sources the rewriter works on and what the first javac run learned of them.
   *
   * @param sources each file's text: the user's, or a renamed copy's (see {@link Rename})
   * @param roots each file's source root
   * @param renamedFrom a renamed copy's user file
   * @param work the folder the first javac run wrote into
   */
  private record Prepared(
      Map<Path, String> sources,
      Map<Path, Path> roots,
      Map<Path, Path> renamedFrom,
      Javac.Analysis analysis,
      Path work) {

    /**
     * The rewriter's pass over the sources; {@code exports}: with the variants other builds'
     * closures call (decision 0075).
     */
    Rewriter.Result rewrite(InstrumentReport dependencies, int release, boolean exports) {
      return Rewriter.rewrite(
          sources, analysis.facts(), analysis.report(), dependencies, release, exports);
    }

    /** The user's file behind {@code file}. */
    Path original(Path file) {
      return renamedFrom.getOrDefault(file, file);
    }

    /** {@code problems} with the user's files in place of renamed copies. */
    List<Problem> original(List<Problem> problems) {
      List<Problem> mapped = new ArrayList<>();
      for (Problem p : problems) {
        Path file = p.file() == null ? null : original(p.file());
        mapped.add(new Problem(file, p.line(), p.column(), p.construct(), p.advice()));
      }
      return mapped;
    }
  }

  /**
   * Runs javac with the processor over the sources (in {@code encoding}, with the user build's
   * {@code options}), collecting facts; when a private field has the name of a superclass's mutable
   * field, renames it in copies under {@code scratch} (in UTF-8) and runs again over them.
   */
  private static Prepared prepare(
      Map<Path, Path> roots,
      Map<Path, String> sources,
      List<Path> classPath,
      int release,
      Charset encoding,
      List<String> options,
      Path scratch)
      throws InstrumentException, IOException {
    Javac.Analysis analysis;
    try {
      analysis =
          Javac.analyze(
              new ArrayList<>(sources.keySet()), classPath, release, encoding, options, scratch);
    } catch (InstrumentException e) {
      throw withLombok(e, sources);
    }
    Map<Path, List<Rename>> renames = analysis.facts().renames();
    if (renames.isEmpty()) {
      return new Prepared(sources, roots, Map.of(), analysis, scratch);
    }
    List<Path> rootList = new ArrayList<>(new LinkedHashSet<>(roots.values()));
    Map<Path, String> renamedSources = new LinkedHashMap<>();
    Map<Path, Path> renamedRoots = new LinkedHashMap<>();
    Map<Path, Path> renamedFrom = new HashMap<>();
    for (Map.Entry<Path, String> source : sources.entrySet()) {
      Path root = roots.get(source.getKey());
      Path copyRoot = scratch.resolve("renamed/" + rootList.indexOf(root));
      Path copy = copyRoot.resolve(root.relativize(source.getKey()));
      String text = renamed(source.getValue(), renames.getOrDefault(source.getKey(), List.of()));
      Files.createDirectories(copy.getParent());
      Files.writeString(copy, text, StandardCharsets.UTF_8);
      renamedSources.put(copy, text);
      renamedRoots.put(copy, copyRoot);
      renamedFrom.put(copy, source.getKey());
    }
    Path work = scratch.resolve("analysis");
    Prepared renamed = new Prepared(renamedSources, renamedRoots, renamedFrom, null, work);
    try {
      analysis =
          Javac.analyze(
              new ArrayList<>(renamedSources.keySet()),
              classPath,
              release,
              StandardCharsets.UTF_8,
              options,
              work);
    } catch (InstrumentException e) {
      throw new InstrumentException(renamed.original(e.problems()));
    }
    return new Prepared(renamedSources, renamedRoots, renamedFrom, analysis, work);
  }

  /**
   * The rewriter's problems led by their rule's key, as the processor's are ({@code
   * [orthrus.rewriter.unprotectable] ...}), so that the build's line names the rule page and
   * matches what {@code orthrus analyze} reports.
   */
  private static List<Problem> keyed(List<Problem> problems) {
    return problems.stream().map(p -> p.keyed(Rule.UNPROTECTABLE.key())).toList();
  }

  /** Each closure's uses that leave its executions not validated (the report's entries). */
  private static Map<String, List<String>> notValidated(InstrumentReport report) {
    Map<String, List<String>> uses = new LinkedHashMap<>();
    for (InstrumentReport.Closure c : report.closures()) {
      List<String> mine =
          c.logged().stream()
              .filter(l -> l.startsWith(InstrumentReport.NOT_VALIDATED))
              .map(l -> l.substring(InstrumentReport.NOT_VALIDATED.length()))
              .toList();
      if (!mine.isEmpty()) {
        uses.put(c.id(), mine);
      }
    }
    return uses;
  }

  /**
   * Writes the rewritten sources under {@code out} (in place of an earlier run's) and compiles them
   * against {@code classPath} into {@code compiled}; returns the files written.
   */
  private static List<Path> writeAndCompile(
      Rewriter.Result rewritten,
      Prepared prepared,
      Path out,
      InstrumentRequest request,
      List<Path> classPath,
      Path compiled)
      throws InstrumentException, IOException {
    List<Path> generated = new ArrayList<>();
    Map<Path, Path> originals = new LinkedHashMap<>();
    deleteJavaFiles(out);
    for (Map.Entry<Path, String> source : rewritten.sources().entrySet()) {
      Path root = prepared.roots().get(source.getKey());
      Path target = out.resolve(root.relativize(source.getKey()));
      Files.createDirectories(target.getParent());
      Files.writeString(target, source.getValue(), StandardCharsets.UTF_8);
      generated.add(target);
      originals.put(target, prepared.original(source.getKey()));
    }
    // Compiled aside and copied only once all of it compiled: a failure must leave the class
    // output as the vanilla build wrote it (javac writes the classes it finished before an error
    // in another one).
    Javac.compile(
        generated, originals, classPath, request.release(), request.javacOptions(), compiled);
    OriginalLines.restore(compiled, rewritten.originalLines());
    return generated;
  }

  /** {@code text} with each of {@code renames}' names replaced. */
  private static String renamed(String text, List<Rename> renames) {
    List<Rename> last = new ArrayList<>(renames);
    last.sort(Comparator.comparingInt((Rename r) -> r.name().start()).reversed());
    StringBuilder out = new StringBuilder(text);
    int previous = Integer.MAX_VALUE;
    for (Rename r : last) {
      if (r.name().start() < previous) {
        out.replace(r.name().start(), r.name().end(), r.to());
        previous = r.name().start();
      }
    }
    return out.toString();
  }

  /** The processor's {@code closures.json}, so that the protected classes carry it too. */
  private static void copyClosureReport(Path scratch, Path classOutput, boolean written)
      throws IOException {
    if (!written) {
      return;
    }
    Path target = classOutput.resolve(ClosureReport.RESOURCE_PATH);
    Files.createDirectories(target.getParent());
    Files.copy(
        scratch.resolve(ClosureReport.RESOURCE_PATH), target, StandardCopyOption.REPLACE_EXISTING);
  }

  private static boolean onClassPath(List<Path> classPath, String resource) {
    for (Path entry : classPath) {
      if (Files.isDirectory(entry)) {
        if (Files.exists(entry.resolve(resource))) {
          return true;
        }
      } else if (Files.isRegularFile(entry)) {
        try (var jar = new java.util.zip.ZipFile(entry.toFile())) {
          if (jar.getEntry(resource) != null) {
            return true;
          }
        } catch (IOException e) {
          // Not a jar: javac will say so.
        }
      }
    }
    return false;
  }

  private static List<Path> javaFiles(Path root) {
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(f -> f.toString().endsWith(".java") && Files.isRegularFile(f))
          .filter(f -> !f.getFileName().toString().equals("module-info.java"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The text of a source file, decoded as javac decodes it ({@code encoding}). */
  private static String read(Path file, Charset encoding) {
    try {
      return new String(Files.readAllBytes(file), encoding);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  private static Path temporaryFolder() {
    try {
      return Files.createTempDirectory("orthrus-instrument");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Copies every file under {@code from} to the same place under {@code to}, replacing it. */
  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        Path target = to.resolve(from.relativize(f).toString());
        Files.createDirectories(target.getParent());
        Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

  /** Generated sources of an earlier run: a file removed from the sources must not linger. */
  private static void deleteJavaFiles(Path folder) throws IOException {
    if (!Files.isDirectory(folder)) {
      return;
    }
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        Files.delete(f);
      }
    }
  }

  private static void deleteTree(Path folder) {
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(f);
      }
    } catch (IOException e) {
      // A scratch folder left in the temporary directory is harmless.
    }
  }
}
