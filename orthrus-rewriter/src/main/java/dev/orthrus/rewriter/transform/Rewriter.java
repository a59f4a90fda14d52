package dev.orthrus.rewriter.transform;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.rewriter.InstrumentReport;
import dev.orthrus.rewriter.Problem;
import dev.orthrus.rewriter.facts.SourceFacts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The source rewriter: given the user's sources and what javac and the processor found in them,
 * produces the protected sources. Files that hold neither user data nor closures nor calls of
 * closures come out as they went in.
 */
public final class Rewriter {

  /**
   * What came out.
   *
   * @param sources every input file's new text (unchanged files keep their text)
   * @param changed the files the rewriter changed
   * @param closures ids of the closures now dispatched, logged and validated
   * @param versionedClasses binary names of the classes that became versioned handles
   * @param report what each closure and versioned class got
   * @param originalLines for each changed file whose printed lines could be followed, by its class
   *     files' source name ({@code "pkg/dir/File.java"}), the original line of each printed line
   *     ({@link LineMappingPrinter.Printed#originalLines})
   * @param problems what could not be rewritten; when not empty, {@code sources} must not be used
   * @param foreignOverrides one warning per method that overrides another module's user-data method
   *     and reaches user data ({@code Plan#foreignOverrides})
   */
  public record Result(
      Map<Path, String> sources,
      Map<String, int[]> originalLines,
      List<Path> changed,
      List<String> closures,
      List<String> versionedClasses,
      InstrumentReport report,
      List<Problem> problems,
      List<String> foreignOverrides) {}

  static {
    StaticJavaParser.getParserConfiguration()
        .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17);
  }

  private Rewriter() {}

  /** The name the classes of {@code unit} carry for their source: its package's path and file. */
  private static String classFileSource(CompilationUnit unit, Path file) {
    String pkg =
        unit.getPackageDeclaration()
            .map(p -> p.getNameAsString().replace('.', '/') + "/")
            .orElse("");
    return pkg + file.getFileName();
  }

  /**
   * The parser's language level for sources of Java {@code release}: the release's own, or the
   * newest the parser knows below it (switch patterns and record patterns need 21).
   */
  public static ParserConfiguration.LanguageLevel languageLevel(int release) {
    for (int r = Math.max(17, release); r > 17; r--) {
      try {
        return ParserConfiguration.LanguageLevel.valueOf("JAVA_" + r);
      } catch (IllegalArgumentException e) {
        // Newer than this parser: try the release before.
      }
    }
    return ParserConfiguration.LanguageLevel.JAVA_17;
  }

  /**
   * Rewrites {@code sources}, written for Java {@code release}; a call of one of the {@code
   * dependencies}' closures or methods with variants (those of protected builds on the class path)
   * runs in the caller's log as a call of a closure of the sources does. With {@code export}, the
   * public methods that touch user data get variants for other builds' closures too (decision
   * 0075), but for those whose variants cannot be made, or that a file with a problem holds: they
   * are left as if not exported, and the rewrite is made again without them. Should exporting still
   * meet a problem, the rewrite is made without exports, whose problems are the program's.
   */
  public static Result rewrite(
      Map<Path, String> sources,
      SourceFacts facts,
      ClosureReport report,
      InstrumentReport dependencies,
      int release,
      boolean export) {
    Set<String> withheld = new HashSet<>();
    while (true) {
      Plan plan = new Plan(facts, report, dependencies, export, withheld);
      Result result = rewrite(sources, plan, release);
      for (Problem p : result.problems()) {
        if (p.file() != null) {
          plan.withdrawFrom(p.file());
        }
      }
      if (!withheld.addAll(plan.withdrawn)) {
        return export && !result.problems().isEmpty() && !result.report().methods().isEmpty()
            ? rewrite(sources, facts, report, dependencies, release, false)
            : result;
      }
    }
  }

  private static Result rewrite(Map<Path, String> sources, Plan plan, int release) {
    SourceFacts facts = plan.facts;
    plan.problems.addAll(facts.problems());
    JavaParser parser =
        new JavaParser(
            new ParserConfiguration().setLanguageLevel(languageLevel(release)).setTabSize(1));
    List<FileRewriter> files = new ArrayList<>();
    Set<String> unparsedNames = new HashSet<>();
    for (Map.Entry<Path, String> source : sources.entrySet()) {
      ParseResult<CompilationUnit> parsed = parser.parse(source.getValue());
      if (!parsed.isSuccessful() || parsed.getResult().isEmpty()) {
        if (!plan.mayChange(source.getKey())) {
          // Nothing here to rewrite (javac says so): the file is compiled as it is written.
          unparsedNames.add(source.getKey().getFileName().toString());
          continue;
        }
        SourceFacts.FileFacts fileFacts = facts.file(source.getKey());
        if (fileFacts != null && !fileFacts.localEnums().isEmpty()) {
          // javaparser issue 3990: its grammar has local records and interfaces, not enums.
          fileFacts
              .localEnums()
              .forEach(
                  line ->
                      plan.problems.add(
                          new Problem(
                              source.getKey(),
                              Math.toIntExact(line),
                              0,
                              "an enum declared in a method, in a file Orthrus rewrites: the"
                                  + " rewriter's parser cannot read one",
                              "declare the enum as a member of its class")));
          continue;
        }
        parsed
            .getProblems()
            .forEach(
                p ->
                    plan.problems.add(
                        new Problem(
                            source.getKey(),
                            p.getLocation()
                                .flatMap(l -> l.getBegin().getRange())
                                .map(r -> r.begin.line)
                                .orElse(0),
                            0,
                            "the rewriter's parser rejects this file: " + p.getMessage(),
                            "")));
        continue;
      }
      LineMappingPrinter.markOriginal(parsed.getResult().get());
      FileRewriter file =
          new FileRewriter(plan, source.getKey(), parsed.getResult().get(), source.getValue());
      files.add(file);
    }
    // Every user-data class is known (its version class's name among it) before any body is
    // rewritten: a read of a subclass's field casts the loaded version to the subclass's.
    files.forEach(FileRewriter::declareUserData);
    for (FileRewriter file : List.copyOf(files)) {
      try {
        file.rewrite();
      } catch (RuntimeException e) {
        files.remove(file);
        // A defect of the rewriter: the build names the file it failed on, and goes on to list the
        // other files' problems; the half-rewritten file is not printed.
        plan.problems.add(
            new Problem(
                file.path(),
                0,
                0,
                "the rewriter failed on this file (" + e + ")",
                "please report it with the file; the vanilla build (-Dorthrus.skip=true) is not"
                    + " affected"));
      }
    }
    Map<Path, String> out = new LinkedHashMap<>(sources);
    List<Path> changed = new ArrayList<>();
    List<String> closures = new ArrayList<>();
    for (FileRewriter file : files) {
      file.finish();
      closures.addAll(file.closures());
    }
    Map<String, int[]> originalLines = new HashMap<>();
    Set<String> names = new HashSet<>();
    Set<String> twice = new HashSet<>();
    for (FileRewriter file : files) {
      String name = classFileSource(file.unit(), file.path());
      if (!names.add(name) || unparsedNames.contains(file.path().getFileName().toString())) {
        twice.add(name);
      }
      if (file.changed()) {
        Path path = file.path();
        LineMappingPrinter.Printed printed = LineMappingPrinter.print(file.unit());
        out.put(path, printed.text());
        changed.add(path);
        if (printed.originalLines() != null) {
          originalLines.put(name, printed.originalLines());
        }
      }
    }
    // Two files of one package with one name (in two source folders; or one the parser could not
    // read, whose package is not known): their classes cannot be told apart by the name they
    // carry, so they keep the printed lines.
    twice.forEach(originalLines::remove);
    return new Result(
        out,
        originalLines,
        changed,
        closures,
        new ArrayList<>(new TreeSet<>(facts.userDataClasses())),
        plan.report(),
        // The APP and VAL variants of a method meet its problems twice.
        plan.problems.stream().distinct().toList(),
        plan.foreignOverrides);
  }
}
