package dev.orthrus.cli.analyze;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.cli.CliRun;
import dev.orthrus.cli.OrthrusCommand;
import dev.orthrus.cli.compile.BundledClasses;
import dev.orthrus.model.Allocation;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.EscapeState;
import dev.orthrus.model.Violation;
import dev.orthrus.model.json.ClosureReportJson;
import dev.orthrus.model.json.JsonReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code orthrus analyze} with the bytecode stage: compiled classes, jars, suggest mode, the HTML
 * and SARIF formats. Each run loads Soot (about a second), so the cases are few and each checks a
 * lot.
 */
class AnalyzeBytecodeTest {

  private static final Path KVCACHE =
      Path.of("..", "samples", "kvcache").toAbsolutePath().normalize();

  /**
   * A closure that stores a fresh node into user data and, through a helper, into a static field.
   */
  private static final String LEDGER =
      """
      package bank;

      import dev.orthrus.annotations.Closure;
      import dev.orthrus.annotations.UserData;

      public final class Ledger {
        @UserData
        static final class Entry {
          long amount;
          Entry next;
        }

        @UserData
        static final class Account {
          Entry head;
          double balance;
        }

        static Entry lastPosted;

        private final Account account = new Account();

        @Closure
        public double post(long amount) {
          Entry e = new Entry();
          e.amount = amount;
          e.next = account.head;
          account.head = e;
          account.balance = account.balance + amount * 1.5;
          remember(e);
          return account.balance;
        }

        private static void remember(Entry e) {
          lastPosted = e;
        }
      }
      """;

  /** No annotation anywhere: a hand-written hash map whose put is the obvious closure. */
  private static final String PLAIN_MAP =
      """
      package plain;

      public final class IntMap {
        static final class Node {
          final int key;
          int value;
          Node next;
          Node(int key, int value, Node next) {
            this.key = key;
            this.value = value;
            this.next = next;
          }
        }

        private Node[] table = new Node[16];
        private int size;

        public void put(int key, int value) {
          int slot = key & (table.length - 1);
          for (Node n = table[slot]; n != null; n = n.next) {
            if (n.key == key) {
              n.value = value;
              return;
            }
          }
          table[slot] = new Node(key, value, table[slot]);
          size++;
        }

        public int size() {
          return size;
        }
      }
      """;

  @TempDir Path dir;

  /**
   * Compiles {@code source} (no processor) into {@code dir/name}, like a build without Orthrus
   * would.
   */
  private Path compile(String name, String fileName, String source) throws IOException {
    return compile(
        name, fileName, source, BundledClasses.copyAnnotationsTo(dir.resolve(name + "-cp")));
  }

  /** Compiles {@code source} against {@code classpath} into {@code dir/name}. */
  private Path compile(String name, String fileName, String source, Path classpath)
      throws IOException {
    Path src = dir.resolve(name + "-src").resolve(fileName);
    Files.createDirectories(src.getParent());
    Files.writeString(src, source, StandardCharsets.UTF_8);
    Path classes = Files.createDirectories(dir.resolve(name));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter messages = new StringWriter();
    int rc =
        javac.run(
            null,
            null,
            new PrintWriterStream(messages),
            "--release",
            "17",
            "-proc:none",
            "-g",
            "-cp",
            classpath.toString(),
            "-d",
            classes.toString(),
            src.toString());
    assertEquals(0, rc, messages::toString);
    return classes;
  }

  private Path jar(Path classes, String name) throws IOException {
    Path jar = dir.resolve(name);
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
        Stream<Path> files = Files.walk(classes)) {
      for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
        out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
        out.write(Files.readAllBytes(f));
        out.closeEntry();
      }
    }
    return jar;
  }

  // ------------------------------------------------------------------------------ both stages

  @Test
  void kvcacheJsonHasReachableMethodsAndEscapeStatesForEveryClosure() {
    CliRun run = CliRun.of("analyze", KVCACHE.toString(), "--format", "json");
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    ClosureReport report = ClosureReportJson.read(run.out());
    assertEquals(ClosureReport.SCHEMA_VERSION, report.schemaVersion());
    assertEquals(11, report.closures().size(), report::toString);
    for (ClosureModel c : report.closures()) {
      assertTrue(c.reachableMethods().contains(c.id()), c::toString);
      for (Allocation a : c.allocations()) {
        assertNotNull(a.escape(), () -> c.id() + ": allocation without escape state " + a);
      }
      // The source stage's facts survive the merge.
      assertFalse(c.userDataReads().isEmpty(), c::toString);
    }
    ClosureModel store =
        report.closures().stream()
            .filter(c -> c.method().equals("store"))
            .findFirst()
            .orElseThrow();
    // store links a new CacheItem into the table: it must be versioned (USER_DATA), not private.
    assertTrue(
        store.allocations().stream()
            .anyMatch(a -> a.type().endsWith("CacheItem") && a.escape() == EscapeState.USER_DATA),
        store::toString);
    assertTrue(
        store.reachableMethods().stream().anyMatch(m -> m.contains("Cache#live")), store::toString);
    assertTrue(store.tags().contains(dev.orthrus.model.Tag.VECTOR), store::toString);
    // Progress is on stderr, and only the report on stdout.
    assertTrue(
        run.err().contains("orthrus analyze: bytecode analysis of the compiled classes"),
        run::toString);
    assertTrue(run.out().startsWith("{"), run::toString);
  }

  @Test
  void noBytecodeStopsAfterTheSourceStage() {
    CliRun run = CliRun.of("analyze", KVCACHE.toString(), "--format", "json", "--no-bytecode");
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    ClosureReport report = ClosureReportJson.read(run.out());
    assertEquals(11, report.closures().size());
    assertTrue(
        report.closures().stream().allMatch(c -> c.reachableMethods().isEmpty()), run::toString);
    assertFalse(run.err().contains("bytecode"), run::toString);
  }

  // -------------------------------------------------------------------- compiled classes only

  @Test
  void classesFolderIsAnalyzedWithoutCompilingAndViolationsExitWithFindings() throws IOException {
    Path classes = compile("ledger", "bank/Ledger.java", LEDGER);
    CliRun run = CliRun.of("analyze", "--classes", classes.toString(), "--format", "json");
    assertEquals(OrthrusCommand.EXIT_FINDINGS, run.exitCode(), run::toString);
    assertFalse(run.err().contains("compiling"), run::toString);
    ClosureReport report = ClosureReportJson.read(run.out());
    assertEquals(1, report.closures().size(), run::toString);
    ClosureModel post = report.closures().get(0);
    assertEquals("bank.Ledger#post(long)", post.id());
    assertTrue(
        post.reachableMethods().contains("bank.Ledger#remember(bank.Ledger$Entry)"),
        post::toString);
    assertTrue(
        post.tags().stream().anyMatch(t -> t.jsonName().equals("floating-point")), post::toString);
    // The entry reaches a static field through remember(): GLOBAL, and the store is a violation.
    Allocation entry =
        post.allocations().stream()
            .filter(a -> a.type().equals("bank.Ledger$Entry"))
            .findFirst()
            .orElseThrow(() -> new AssertionError(post.toString()));
    assertEquals(EscapeState.GLOBAL, entry.escape(), post::toString);
    Violation write =
        post.violations().stream()
            .filter(v -> v.key().equals("orthrus.closure.static-write"))
            .findFirst()
            .orElseThrow(() -> new AssertionError(post.violations().toString()));
    assertEquals(
        List.of("bank.Ledger#post(long)", "bank.Ledger#remember(bank.Ledger$Entry)"),
        write.callChain());
    assertTrue(run.err().contains("violation"), run::toString);
  }

  @Test
  void aJarGivenAsThePathIsAnalyzedAsClasses() throws IOException {
    Path jar = jar(compile("ledger", "bank/Ledger.java", LEDGER), "ledger.jar");
    CliRun run = CliRun.of("analyze", jar.toString());
    assertEquals(OrthrusCommand.EXIT_FINDINGS, run.exitCode(), run::toString);
    String out = run.out();
    assertTrue(out.startsWith("1 closure, 2 user-data types"), run::toString);
    // The violations that make the exit code 1 are counted in the header.
    long violations = out.lines().filter(l -> l.contains("[orthrus.closure.")).count();
    assertTrue(violations > 0, run::toString);
    assertTrue(
        out.lines()
            .toList()
            .get(1)
            .startsWith(violations + (violations == 1 ? " error," : " errors,")),
        run::toString);
    assertTrue(
        out.lines().toList().get(1).contains("bytecode analysis: " + violations + " violation"),
        run::toString);
    assertTrue(out.contains("bank.Ledger#post(long)"), run::toString);
    assertTrue(
        out.lines().anyMatch(l -> l.strip().startsWith("reaches") && l.contains("Ledger#remember")),
        run::toString);
    assertTrue(out.contains("escape=global"), run::toString);
    assertTrue(out.contains("[orthrus.closure.static-write]"), run::toString);
    assertTrue(
        out.contains("via bank.Ledger#post(long) -> bank.Ledger#remember(bank.Ledger$Entry)"),
        run::toString);
    assertTrue(out.contains("Bytecode analysis: "), run::toString);
    assertTrue(run.err().contains("bytecode analysis of " + jar), run::toString);
  }

  @Test
  void suggestRanksCandidateClosuresInUnannotatedCode() throws IOException {
    Path jar = jar(compile("plain", "plain/IntMap.java", PLAIN_MAP), "plain.jar");
    CliRun text = CliRun.of("analyze", jar.toString(), "--suggest");
    assertEquals(OrthrusCommand.EXIT_OK, text.exitCode(), text::toString);
    assertTrue(text.out().startsWith("0 closures"), text::toString);
    int candidates = text.out().indexOf("Candidate closures, best first");
    assertTrue(candidates > 0, text::toString);
    String ranked = text.out().substring(candidates);
    Matcher first = Pattern.compile("\\n\\s+1\\. score \\d+\\s+(\\S+)").matcher(ranked);
    assertTrue(first.find(), ranked);
    assertEquals("plain.IntMap#put(int,int)", first.group(1), ranked);
    assertTrue(ranked.contains("       - "), "each candidate says why: " + ranked);
    assertFalse(ranked.contains("IntMap#size()"), "a getter is no candidate: " + ranked);
    // SARIF has no place for suggestions: said, not left out silently.
    CliRun sarif = CliRun.of("analyze", jar.toString(), "--suggest", "--format", "sarif");
    assertEquals(OrthrusCommand.EXIT_OK, sarif.exitCode(), sarif::toString);
    assertTrue(sarif.err().contains("SARIF holds findings, not suggestions"), sarif::toString);
  }

  @Test
  @SuppressWarnings("unchecked")
  void suggestJsonListsCandidatesWithReasons() throws IOException {
    Path classes = compile("plain", "plain/IntMap.java", PLAIN_MAP);
    CliRun run =
        CliRun.of("analyze", "--classes", classes.toString(), "--suggest", "--format", "json");
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    Map<String, Object> doc = (Map<String, Object>) JsonReader.parse(run.out());
    assertEquals(1L, doc.get("schemaVersion"));
    List<Object> suggestions = (List<Object>) doc.get("suggestions");
    assertFalse(suggestions.isEmpty(), run::toString);
    Map<String, Object> top = (Map<String, Object>) suggestions.get(0);
    assertEquals("plain.IntMap#put(int,int)", top.get("method"), run::toString);
    assertFalse(((List<Object>) top.get("reasons")).isEmpty(), run::toString);
  }

  // ---------------------------------------------------------------------------- html and sarif

  @Test
  void htmlWithOutWritesAnIndexAndAPagePerClosure() throws IOException {
    Path out = dir.resolve("report");
    CliRun run =
        CliRun.of("analyze", KVCACHE.toString(), "--format", "html", "--out", out.toString());
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    assertEquals("", run.out(), "with --out the page goes to the file only");
    String html = Files.readString(out.resolve("index.html"), StandardCharsets.UTF_8);
    assertTrue(html.startsWith("<!DOCTYPE html>"), html);
    ClosureReport report = ClosureReportJson.read(Files.readString(out.resolve("closures.json")));
    assertEquals(11, report.closures().size());
    StringBuilder pages = new StringBuilder(html);
    for (int i = 0; i < report.closures().size(); i++) {
      String page = "closures/closure-" + i + ".html";
      assertTrue(
          html.contains("<a href=\"" + page + "\">" + report.closures().get(i).name() + "</a>"),
          html);
      String closurePage = Files.readString(out.resolve(page), StandardCharsets.UTF_8);
      assertTrue(closurePage.contains("id=\"closure-" + i + "\""), closurePage);
      assertTrue(closurePage.contains("href=\"../index.html#index\""), "links back to the index");
      pages.append(closurePage);
    }
    assertFalse(
        pages.toString().contains("http://") || pages.toString().contains("https://"),
        "no external resources");
    assertFalse(pages.toString().contains("<script"), "no script");
    // The sources were compiled from samples/kvcache, so the pages show their excerpts.
    assertTrue(pages.toString().contains("public synchronized StoreResult store("), "excerpt");
    assertTrue(Files.isRegularFile(out.resolve("closures.md")));
  }

  @Test
  @SuppressWarnings("unchecked")
  void sarifHasVersion210AndOneResultPerViolation() throws IOException {
    Path classes = compile("ledger", "bank/Ledger.java", LEDGER);
    CliRun run =
        CliRun.of(
            "analyze",
            "--classes",
            classes.toString(),
            "--sources",
            dir.resolve("ledger-src").toString(),
            "--format",
            "sarif");
    assertEquals(OrthrusCommand.EXIT_FINDINGS, run.exitCode(), run::toString);
    Map<String, Object> sarif = (Map<String, Object>) JsonReader.parse(run.out());
    assertEquals("2.1.0", sarif.get("version"));
    List<Object> runs = (List<Object>) sarif.get("runs");
    assertEquals(1, runs.size());
    List<Object> results = (List<Object>) ((Map<String, Object>) runs.get(0)).get("results");
    List<String> ruleIds = new ArrayList<>();
    for (Object r : results) {
      ruleIds.add((String) ((Map<String, Object>) r).get("ruleId"));
    }
    assertTrue(ruleIds.contains("orthrus.closure.static-write"), ruleIds::toString);
    assertTrue(ruleIds.stream().allMatch(id -> id != null && !id.isEmpty()), ruleIds::toString);
  }

  // ---------------------------------------------------------------------------------- bad input

  /**
   * A protected library's classes implement runtime types; sources that use them compile and are
   * analyzed without orthrus-runtime on the user's class path (a protected library's pom need not
   * name it), while an unprotected jar gets no runtime classes it never asked for.
   */
  @Test
  void sourcesUsingAProtectedLibraryResolveItsRuntimeTypes() throws IOException {
    Path runtime = BundledClasses.copyRuntimeTo(dir.resolve("runtime"));
    Path lib =
        compile(
            "lib",
            "lib/Tally.java",
            """
            package lib;

            public final class Tally implements dev.orthrus.runtime.api.FieldSink {
              public long total;

              @Override
              public void bits(long bits) {
                total += bits;
              }

              @Override
              public void ref(Object value) {}
            }
            """,
            runtime);
    Path plainJar = jar(lib, "plain-lib.jar");
    Files.createDirectories(lib.resolve("META-INF/orthrus"));
    Files.writeString(
        lib.resolve("META-INF/orthrus/instrumentation.json"),
        "{\"closures\": [], \"versionedClasses\": [], \"methods\": []}");
    Path protectedJar = jar(lib, "protected-lib.jar");
    Path src = dir.resolve("app-src");
    Files.createDirectories(src.resolve("app"));
    Files.writeString(
        src.resolve("app/Meter.java"),
        """
        package app;

        import dev.orthrus.annotations.Closure;

        public final class Meter {
          @Closure
          public static long sum(long a, long b) {
            lib.Tally t = new lib.Tally();
            t.bits(a);
            t.bits(b);
            return t.total;
          }
        }
        """);

    CliRun run = CliRun.of("analyze", src.toString(), "--classpath", protectedJar.toString());
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    assertTrue(run.out().contains("app.Meter#sum(long,long)"), run::toString);
    assertTrue(run.out().contains("no missing classes"), run::toString);

    CliRun plain = CliRun.of("analyze", src.toString(), "--classpath", plainJar.toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, plain.exitCode(), plain::toString);
    assertTrue(
        plain.err().contains("cannot access dev.orthrus.runtime.api.FieldSink"), plain::toString);

    // Analyzed itself, a protected build would read as the program: its generated variants and
    // the runtime's fields they write were reported as rule errors on correct code.
    for (String[] args :
        List.of(
            new String[] {"analyze", protectedJar.toString()},
            new String[] {"analyze", "--classes", lib.toString()})) {
      CliRun own = CliRun.of(args);
      assertEquals(OrthrusCommand.EXIT_BAD_INPUT, own.exitCode(), own::toString);
      assertTrue(own.err().contains("is a protected build"), own::toString);
      assertTrue(own.err().contains("-Dorthrus.skip=true"), own::toString);
    }
  }

  @Test
  void unreadableJarOnTheClasspathExitsBadInput() throws IOException {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Path broken = Files.writeString(dir.resolve("broken.jar"), "not a zip");
    CliRun run =
        CliRun.of("analyze", "--classes", classes.toString(), "--classpath", broken.toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertTrue(
        run.err().contains("classpath entry is not a readable jar: " + broken), run::toString);
    assertEquals("", run.out());
  }

  @Test
  void missingClassesEntryExitsBadInput() {
    CliRun run = CliRun.of("analyze", "--classes", dir.resolve("gone").toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertTrue(
        run.err().contains("class folder or jar not found: " + dir.resolve("gone")), run::toString);
  }

  @Test
  void anAggregatorProjectNamesItsModules() throws IOException {
    Path parent = Files.createDirectories(dir.resolve("parent"));
    Files.createDirectories(parent.resolve("lib/target/classes"));
    Files.writeString(
        parent.resolve("pom.xml"),
        """
        <project xmlns="http://maven.apache.org/POM/4.0.0">
          <modelVersion>4.0.0</modelVersion>
          <groupId>shop</groupId><artifactId>parent</artifactId><version>1.0</version>
          <packaging>pom</packaging>
          <modules>
            <module>lib</module>
            <module> app </module>
          </modules>
        </project>
        """);
    CliRun run = CliRun.of("analyze", parent.toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertTrue(
        run.err().contains(parent + " is an aggregator project of the modules lib, app"),
        run::toString);
    assertTrue(run.err().contains("orthrus analyze " + parent.resolve("lib")), run::toString);
  }

  @Test
  void projectWithNeitherSourcesNorClassesIsNotCompiled() throws IOException {
    Path project = Files.createDirectories(dir.resolve("app"));
    Files.writeString(
        project.resolve("pom.xml"),
        """
        <project xmlns="http://maven.apache.org/POM/4.0.0">
          <modelVersion>4.0.0</modelVersion>
          <groupId>shop</groupId><artifactId>app</artifactId><version>1.0</version>
        </project>
        """);
    CliRun run = CliRun.of("analyze", project.toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertTrue(run.err().contains(project + " is not compiled"), run::toString);
    assertEquals(1, run.err().strip().lines().count(), run::toString);
  }

  @Test
  void projectWithOnlyTargetClassesHasThoseAnalyzed() throws IOException {
    Path project = Files.createDirectories(dir.resolve("app"));
    Files.writeString(
        project.resolve("pom.xml"),
        """
        <project xmlns="http://maven.apache.org/POM/4.0.0">
          <modelVersion>4.0.0</modelVersion>
          <groupId>bank</groupId><artifactId>app</artifactId><version>1.0</version>
        </project>
        """);
    Path compiled = compile("ledger", "bank/Ledger.java", LEDGER);
    Path target = Files.createDirectories(project.resolve("target/classes/bank"));
    try (Stream<Path> files = Files.list(compiled.resolve("bank"))) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Files.copy(f, target.resolve(f.getFileName()));
      }
    }
    CliRun run = CliRun.of("analyze", project.toString(), "--format", "json");
    assertEquals(OrthrusCommand.EXIT_FINDINGS, run.exitCode(), run::toString);
    assertTrue(
        run.err()
            .contains("analyzing the compiled classes in " + project.resolve("target/classes")),
        run::toString);
    assertFalse(run.err().contains("compiling"), run::toString);
    assertEquals(
        "bank.Ledger#post(long)", ClosureReportJson.read(run.out()).closures().get(0).id());
  }

  @Test
  void pathAndClassesTogetherIsAUsageError() throws IOException {
    CliRun run = CliRun.of("analyze", dir.toString(), "--classes", dir.toString());
    assertEquals(OrthrusCommand.EXIT_USAGE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("either PATH or --classes"), run::toString);
    CliRun both = CliRun.of("analyze", dir.toString(), "--suggest", "--no-bytecode");
    assertEquals(OrthrusCommand.EXIT_USAGE, both.exitCode(), both::toString);
  }

  // ------------------------------------------------------------------------------------ progress

  @Test
  void progressPrintsEachPhaseAndThrottlesTheRest() {
    StringWriter log = new StringWriter();
    long[] now = {0};
    BytecodeStage.ProgressLog progress =
        new BytecodeStage.ProgressLog(new PrintWriter(log), () -> now[0]);
    progress.step("load", 0, 0);
    progress.step("bodies", 100, 1000);
    now[0] += 100_000_000L;
    progress.step("bodies", 200, 1000); // too soon: dropped
    now[0] += 1_000_000_000L;
    progress.step("bodies", 300, 1000);
    progress.step("bodies", 1000, 1000); // the end of a phase always shows
    progress.step("bodies", 1100, 1000); // past the end (a fixpoint revisits): shown once only
    now[0] += 5_000_000_000L;
    progress.step("bodies", 1200, 1000); // even much later
    progress.step("closures", 1, 3);
    assertEquals(
        List.of(
            "orthrus analyze: load",
            "orthrus analyze: bodies 100/1000",
            "orthrus analyze: bodies 300/1000",
            "orthrus analyze: bodies 1000/1000",
            "orthrus analyze: closures 1/3"),
        log.toString().lines().toList());
  }

  /** javax.tools wants a Writer; this adapts the captured messages. */
  private static final class PrintWriterStream extends OutputStream {
    private final StringWriter target;

    PrintWriterStream(StringWriter target) {
      this.target = target;
    }

    @Override
    public void write(int b) {
      target.write(b);
    }
  }
}
