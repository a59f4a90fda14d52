package dev.orthrus.cli.analyze;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.cli.CliRun;
import dev.orthrus.cli.OrthrusCommand;
import dev.orthrus.cli.compile.BundledClasses;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.json.ClosureReportJson;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code orthrus analyze} as a new user meets it, on small projects written outside the repository:
 * code with no annotations yet (the README's porting path), closures the processor cannot catalog,
 * sources for a newer Java, and the header of a report with violations.
 */
class FirstUseTest {

  /** An unannotated LRU cache: a linked list of nodes indexed by a map. */
  private static final String LRU =
      """
      package cache;

      import java.util.HashMap;
      import java.util.Map;

      public final class Lru {
        static final class Node {
          final String key;
          String value;
          Node prev;
          Node next;

          Node(String key, String value) {
            this.key = key;
            this.value = value;
          }
        }

        private final Map<String, Node> map = new HashMap<>();
        private final Node head = new Node(null, null);
        private final Node tail = new Node(null, null);
        private final int capacity;

        public Lru(int capacity) {
          this.capacity = capacity;
          head.next = tail;
          tail.prev = head;
        }

        public String get(String key) {
          Node n = map.get(key);
          if (n == null) {
            return null;
          }
          unlink(n);
          linkFirst(n);
          return n.value;
        }

        public void put(String key, String value) {
          Node n = new Node(key, value);
          Node old = map.put(key, n);
          if (old != null) {
            unlink(old);
          }
          linkFirst(n);
          if (map.size() > capacity) {
            evict();
          }
        }

        public boolean remove(String key) {
          Node n = map.remove(key);
          if (n == null) {
            return false;
          }
          unlink(n);
          return true;
        }

        public void evict() {
          Node last = tail.prev;
          if (last != head) {
            unlink(last);
            map.remove(last.key);
          }
        }

        public int size() {
          return map.size();
        }

        private static void unlink(Node n) {
          n.prev.next = n.next;
          n.next.prev = n.prev;
        }

        private void linkFirst(Node n) {
          n.next = head.next;
          n.prev = head;
          head.next.prev = n;
          head.next = n;
        }
      }
      """;

  /** Closures in a local and an anonymous class: no generated catalog can name them. */
  private static final String HIDDEN_OWNERS =
      """
      package shop;

      import dev.orthrus.annotations.Closure;

      public final class Shop {
        interface Op {
          long apply(long x);
        }

        public Op local() {
          class Local implements Op {
            long total;

            @Closure
            public long apply(long x) {
              total += x;
              return total;
            }
          }
          return new Local();
        }

        public Op anonymous() {
          return new Op() {
            long total;

            @Closure
            public long apply(long x) {
              total += x;
              return total;
            }
          };
        }
      }
      """;

  /** Java 17 features: a record, a sealed interface, pattern matching for instanceof. */
  private static final String SHAPES_17 =
      """
      package geo;

      import dev.orthrus.annotations.Closure;
      import dev.orthrus.annotations.UserData;

      public final class Shapes {
        public sealed interface Shape permits Circle, Square {}

        public record Circle(double r) implements Shape {}

        public record Square(double side) implements Shape {}

        @UserData
        public static final class Total {
          double area;
        }

        private final Total total = new Total();

        @Closure
        public double add(double size, boolean round) {
          Shape s = round ? new Circle(size) : new Square(size);
          double a = s instanceof Circle c ? Math.PI * c.r() * c.r() : ((Square) s).side() * ((Square) s).side();
          total.area = total.area + a;
          return total.area;
        }
      }
      """;

  /**
   * Java 21: a pattern switch over a sealed interface (compiles to MatchException,
   * SwitchBootstraps).
   */
  private static final String SHAPES_21 =
      SHAPES_17.replace(
          "double a = s instanceof Circle c ? Math.PI * c.r() * c.r() : ((Square) s).side() * ((Square) s).side();",
          """
      double a = switch (s) {
            case Circle c -> Math.PI * c.r() * c.r();
            case Square q -> q.side() * q.side();
          };""");

  @TempDir Path dir;

  private Path write(String relative, String text) throws IOException {
    Path file = dir.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }

  private static void assertNoCrash(CliRun run) {
    assertFalse(run.exitCode() == OrthrusCommand.EXIT_INTERNAL, run::toString);
    assertFalse(run.err().contains("internal error") || run.err().contains("\tat "), run::toString);
  }

  // ------------------------------------------------------------------------ no annotations yet

  @Test
  void sourcesWithoutAnnotationsAreAnEmptyModelThatSaysHowToStart() throws IOException {
    write("src/cache/Lru.java", LRU);
    CliRun run = CliRun.of("analyze", dir.resolve("src").toString());
    assertNoCrash(run);
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    assertTrue(run.out().startsWith("0 closures, 0 user-data types\n0 errors,"), run::toString);
    assertTrue(
        run.out().contains("No closures found: no method is annotated @Closure."), run::toString);
    assertTrue(run.out().contains("`orthrus analyze PATH --suggest`"), run::toString);

    CliRun json = CliRun.of("analyze", dir.resolve("src").toString(), "--format", "json");
    assertEquals(OrthrusCommand.EXIT_OK, json.exitCode(), json::toString);
    assertTrue(ClosureReportJson.read(json.out()).closures().isEmpty(), json::toString);
    assertTrue(json.err().contains("no closures found"), json::toString);
  }

  @Test
  void suggestCompilesUnannotatedSourcesAndRanksEveryMutatorOfTheCache() throws IOException {
    write("src/cache/Lru.java", LRU);
    CliRun run = CliRun.of("analyze", dir.resolve("src").toString(), "--suggest");
    assertNoCrash(run);
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    assertTrue(
        run.out().contains("No closures yet: annotate the best candidates below"), run::toString);
    List<String> lines = run.out().lines().toList();
    for (String mutator :
        List.of(
            "get(java.lang.String)",
            "put(java.lang.String,java.lang.String)",
            "remove(java.lang.String)",
            "evict()")) {
      int at = indexOfLineContaining(lines, "cache.Lru#" + mutator);
      assertTrue(at >= 0, () -> mutator + " is not suggested:\n" + run.out());
      assertTrue(
          lines.get(at + 1).startsWith("       - "),
          () -> mutator + " has no reason:\n" + run.out());
    }
    assertTrue(
        run.out().contains("removes from containers held by this: Map.remove"), run::toString);
    assertFalse(run.out().contains("cache.Lru#size()"), run::toString);

    CliRun json =
        CliRun.of("analyze", dir.resolve("src").toString(), "--suggest", "--format", "json");
    assertEquals(OrthrusCommand.EXIT_OK, json.exitCode(), json::toString);
    assertTrue(
        json.out().contains("\"method\": \"cache.Lru#remove(java.lang.String)\""), json::toString);
  }

  private static int indexOfLineContaining(List<String> lines, String text) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(text)) {
        return i;
      }
    }
    return -1;
  }

  @Test
  void mavenProjectWithoutAnnotationsIsAnEmptyModel() throws IOException {
    write(
        "app/pom.xml",
        """
        <project xmlns="http://maven.apache.org/POM/4.0.0">
          <modelVersion>4.0.0</modelVersion>
          <groupId>cache</groupId>
          <artifactId>app</artifactId>
          <version>1.0</version>
        </project>
        """);
    write("app/src/main/java/cache/Lru.java", LRU);
    CliRun run = CliRun.of("analyze", dir.resolve("app").toString(), "--format", "sarif");
    assertNoCrash(run);
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    assertTrue(run.out().contains("\"version\": \"2.1.0\""), run::toString);
  }

  @Test
  void closuresOnlyInLocalOrAnonymousClassesNeverCrash() throws IOException {
    write("src/shop/Shop.java", HIDDEN_OWNERS);
    for (String format : List.of("text", "json", "html", "sarif")) {
      CliRun run = CliRun.of("analyze", dir.resolve("src").toString(), "--format", format);
      assertNoCrash(run);
      // Either the processor rejects them (orthrus.closure.owner) or the bytecode stage finds their
      // unversioned writes: both are findings.
      assertEquals(OrthrusCommand.EXIT_FINDINGS, run.exitCode(), () -> format + ": " + run);
    }
  }

  // ---------------------------------------------------------------------------- Java releases

  @Test
  void java17FeaturesAnalyzeAtTheDefaultRelease() throws IOException {
    write("src/geo/Shapes.java", SHAPES_17);
    CliRun run = CliRun.of("analyze", dir.resolve("src").toString(), "--format", "json");
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    assertEquals(
        "geo.Shapes#add(double,boolean)", ClosureReportJson.read(run.out()).closures().get(0).id());
    assertTrue(
        run.err().contains("for Java " + Runtime.version().feature() + " (the running JDK)"),
        run::toString);
  }

  @Test
  void releaseComesFromThePomAndANewerOneNamesTheJdkToUse() throws IOException {
    int running = Runtime.version().feature();
    int newer = running + 1;
    write(
        "app/pom.xml",
        """
        <project xmlns="http://maven.apache.org/POM/4.0.0">
          <modelVersion>4.0.0</modelVersion>
          <groupId>geo</groupId>
          <artifactId>app</artifactId>
          <version>1.0</version>
          <properties>
            <java.level>%d</java.level>
            <maven.compiler.release>${java.level}</maven.compiler.release>
          </properties>
        </project>
        """
            .formatted(newer));
    write("app/src/main/java/geo/Shapes.java", SHAPES_17);

    CliRun fromPom = CliRun.of("analyze", dir.resolve("app").toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, fromPom.exitCode(), fromPom::toString);
    assertEquals(
        "orthrus analyze: the sources are compiled for Java "
            + newer
            + " (maven.compiler.release in pom.xml),"
            + " but orthrus runs on JDK "
            + running
            + " ("
            + System.getProperty("java.home")
            + "): run orthrus with JDK "
            + newer
            + " or newer (set JAVA_HOME, or use that JDK's java -jar orthrus.jar), or pass --release "
            + running
            + " if the sources do not need Java "
            + newer,
        fromPom.err().strip());

    CliRun option = CliRun.of("analyze", dir.resolve("app").toString(), "--release", "17");
    assertEquals(OrthrusCommand.EXIT_OK, option.exitCode(), option::toString);
    assertTrue(option.err().contains("for Java 17 (--release 17)"), option::toString);

    CliRun tooNew =
        CliRun.of(
            "analyze",
            dir.resolve("app/src/main/java").toString(),
            "--release",
            Integer.toString(newer));
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, tooNew.exitCode(), tooNew::toString);
    assertTrue(
        tooNew.err().contains("run orthrus with JDK " + newer + " or newer"), tooNew::toString);
  }

  @Test
  void releaseTheCompilerDoesNotSupportIsBadInput() throws IOException {
    write("src/geo/Shapes.java", SHAPES_17);
    CliRun run = CliRun.of("analyze", dir.resolve("src").toString(), "--release", "5");
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertTrue(run.err().contains("cannot compile for Java 5 (--release 5)"), run::toString);
    assertNoCrash(run);
  }

  /**
   * On JDK 21+ a pattern switch analyzes cleanly; on older JDKs, asking for 21 names the JDK to
   * use.
   */
  @Test
  void patternSwitchNeedsJava21() throws IOException {
    write("src/geo/Shapes.java", SHAPES_21);
    CliRun run =
        CliRun.of("analyze", dir.resolve("src").toString(), "--release", "21", "--format", "json");
    if (Runtime.version().feature() < 21) {
      assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
      assertTrue(run.err().contains("run orthrus with JDK 21 or newer"), run::toString);
      return;
    }
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    ClosureReport report = ClosureReportJson.read(run.out());
    assertEquals(1, report.closures().size(), run::toString);
    assertFalse(run.err().contains("java.lang.MatchException"), run::toString);
    assertFalse(run.err().contains("not found"), run::toString);
  }

  // ----------------------------------------------------------------------- classes given directly

  @Test
  void theAnalysisOwnAnnotationsAreNeverMissingClasses() throws IOException {
    Path src = write("src/geo/Shapes.java", SHAPES_17);
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Path annotations = BundledClasses.copyAnnotationsTo(dir.resolve("annotations"));
    StringWriter messages = new StringWriter();
    boolean compiled =
        ToolProvider.getSystemJavaCompiler()
            .getTask(
                messages,
                null,
                null,
                List.of(
                    "--release",
                    "17",
                    "-proc:none",
                    "-g",
                    "-cp",
                    annotations.toString(),
                    "-d",
                    classes.toString()),
                null,
                ToolProvider.getSystemJavaCompiler()
                    .getStandardFileManager(null, null, null)
                    .getJavaFileObjects(src.toFile()))
            .call();
    assertTrue(compiled, messages::toString);

    CliRun run = CliRun.of("analyze", "--classes", classes.toString());
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    assertTrue(run.out().contains("no missing classes"), run::toString);
    assertFalse(run.out().contains("dev.orthrus.annotations"), run::toString);
  }
}
