package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.model.Allocation;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.EscapeState;
import dev.orthrus.model.Violation;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles the fixture sources under {@code src/test/resources/fixtures/<suite>} with javac (with
 * {@code -g}, so locals keep their names) into a temporary folder, once per JVM.
 */
final class Fixtures {

  static final Path ROOT = Path.of("src/test/resources/fixtures");
  private static final Map<String, Path> COMPILED = new HashMap<>();

  /** A label comment: {@code // KIND: text}, several per line allowed. */
  private static final Pattern LABEL =
      Pattern.compile("//\\s*(ESCAPE|VIOLATION|NONDET|TAGS):([^/]*)");

  private Fixtures() {}

  /** The model of the closure {@code method} names in {@code report}. */
  static ClosureModel closure(AnalysisReport report, String method) {
    return report.closures().stream()
        .map(ClosureAnalysis::model)
        .filter(c -> c.method().equals(method))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no closure " + method));
  }

  /** The closure's violations of the {@code unversioned-write} rule. */
  static List<Violation> unversionedWrites(AnalysisReport report, String method) {
    return closure(report, method).violations().stream()
        .filter(v -> v.key().equals(ClosureAnalyzer.UNVERSIONED_WRITE))
        .toList();
  }

  static synchronized Path compile(String suite) {
    return compile(suite, 17);
  }

  /** Compiles a suite for a Java release the running javac must support. */
  static synchronized Path compile(String suite, int release) {
    return COMPILED.computeIfAbsent(
        suite, s -> compileSources(List.of(ROOT.resolve(s)), s, release));
  }

  /** Compiles every .java file under the given source roots into a fresh folder. */
  static Path compileSources(List<Path> roots, String label) {
    return compileSources(roots, label, 17);
  }

  /**
   * Compiles every .java file under the given source roots for a release the running javac
   * supports.
   */
  static Path compileSources(List<Path> roots, String label, int release) {
    try {
      Path out = Files.createTempDirectory("orthrus-fixture-" + label.replace('/', '-'));
      Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(out)));
      List<Path> sources;
      try (Stream<Path> files = roots.stream().flatMap(Fixtures::walk)) {
        sources = files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
      }
      JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
      StringWriter log = new StringWriter();
      try (StandardJavaFileManager fm = javac.getStandardFileManager(null, null, null)) {
        boolean ok =
            javac
                .getTask(
                    log,
                    fm,
                    null,
                    List.of(
                        "-g",
                        "--release",
                        Integer.toString(release),
                        "-proc:none",
                        "-d",
                        out.toString(),
                        "-classpath",
                        System.getProperty("java.class.path")),
                    null,
                    fm.getJavaFileObjectsFromPaths(sources))
                .call();
        assertTrue(ok, "fixture " + label + " does not compile:\n" + log);
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void deleteTree(Path root) {
    try (Stream<Path> files = Files.walk(root)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      // Best effort: a leftover temp folder is harmless.
    }
  }

  private static Stream<Path> walk(Path root) {
    try {
      return Files.walk(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * An expected escape state written on an allocation line: {@code // ESCAPE: STATE [type] [in
   * closureMethod]}, several separated by {@code ;}. Without a type it applies to every allocation
   * on the line (a lambda's type is its functional interface); with {@code in m} it applies only in
   * the closure named {@code m}, and takes precedence there over the unqualified ones.
   */
  record Expectation(String file, long line, String state, String type, String closure) {

    boolean matches(Allocation a, String closureMethod) {
      return a.position().file().equals(file)
          && a.position().line() == line
          && (type == null || type.equals(a.type()))
          && (closure == null || closure.equals(closureMethod));
    }

    /** The expectations that apply to an allocation in a closure: the closure's own ones if any. */
    static List<Expectation> applying(List<Expectation> all, Allocation a, String closureMethod) {
      List<Expectation> matching = all.stream().filter(e -> e.matches(a, closureMethod)).toList();
      List<Expectation> own = matching.stream().filter(e -> e.closure() != null).toList();
      return own.isEmpty() ? matching : own;
    }
  }

  /**
   * A fact labeled on a fixture line other than an escape state: a violation key, a category, tags.
   */
  record Label(String kind, String file, int line, String value) {}

  /** The {@code // ESCAPE:} expectations of a suite, file names as package paths. */
  static List<Expectation> expectations(String suite) {
    List<Expectation> out = new ArrayList<>();
    for (Label l : labels(suite)) {
      if (!l.kind().equals("ESCAPE")) {
        continue;
      }
      for (String item : l.value().split(";")) {
        String[] words = item.trim().split("\\s+");
        int in = Arrays.asList(words).indexOf("in");
        String type = words.length > 1 && in != 1 ? words[1] : null;
        String closure = in > 0 && in + 1 < words.length ? words[in + 1] : null;
        EscapeState.valueOf(words[0]); // a typo in a label fails loudly
        out.add(new Expectation(l.file(), l.line(), words[0], type, closure));
      }
    }
    return out;
  }

  /** Every label comment of a suite, in file and line order. */
  static List<Label> labels(String suite) {
    try (Stream<Path> files = walk(ROOT.resolve(suite))) {
      return files
          .filter(p -> p.toString().endsWith(".java"))
          .sorted()
          .flatMap(
              p -> {
                List<String> lines = readLines(p);
                String file = "fixtures/" + ROOT.relativize(p).toString().replace('\\', '/');
                List<Label> found = new ArrayList<>();
                for (int i = 0; i < lines.size(); i++) {
                  Matcher m = LABEL.matcher(lines.get(i));
                  while (m.find()) {
                    found.add(new Label(m.group(1), file, i + 1, m.group(2).trim()));
                  }
                }
                return found.stream();
              })
          .toList();
    }
  }

  private static List<String> readLines(Path p) {
    try {
      return Files.readAllLines(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
