package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
  private static final Pattern EXPECTATION =
      Pattern.compile("//\\s*ESCAPE:\\s*(NO_ESCAPE|RETURNED|USER_DATA|GLOBAL)(?:\\s+(\\S+))?");

  private Fixtures() {}

  static synchronized Path compile(String suite) {
    return COMPILED.computeIfAbsent(suite, s -> compileSources(List.of(ROOT.resolve(s)), s));
  }

  /** Compiles every .java file under the given source roots into a fresh folder. */
  static Path compileSources(List<Path> roots, String label) {
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
        boolean ok = javac.getTask(log, fm, null,
            List.of("-g", "--release", "17", "-proc:none", "-d", out.toString(),
                "-classpath", System.getProperty("java.class.path")),
            null, fm.getJavaFileObjectsFromPaths(sources)).call();
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

  /** An expected escape state written on an allocation line, optionally only for one type. */
  record Expectation(String file, long line, String state, String type) {}

  /** The {@code // ESCAPE: STATE [type]} comments of a suite, file names as package paths. */
  static List<Expectation> expectations(String suite) {
    try (Stream<Path> files = walk(ROOT.resolve(suite))) {
      return files.filter(p -> p.toString().endsWith(".java")).sorted().flatMap(p -> {
        List<String> lines = readLines(p);
        String file = "fixtures/" + ROOT.relativize(p).toString().replace('\\', '/');
        return java.util.stream.IntStream.range(0, lines.size()).mapToObj(i -> {
          Matcher m = EXPECTATION.matcher(lines.get(i));
          return m.find() ? new Expectation(file, i + 1, m.group(1), m.group(2)) : null;
        }).filter(java.util.Objects::nonNull);
      }).toList();
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
