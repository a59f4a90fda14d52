package dev.orthrus.cli.analyze;

import static dev.orthrus.cli.ShopSources.COUNTER;
import static dev.orthrus.cli.ShopSources.STATIC_WRITE;
import static dev.orthrus.cli.ShopSources.TALLY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.cli.CliRun;
import dev.orthrus.cli.OrthrusCommand;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.FieldAccess;
import dev.orthrus.model.json.ClosureReportJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code orthrus analyze} run in-process on small projects written to a temporary folder. */
class AnalyzeCommandTest {

  @TempDir Path dir;

  private Path write(String relative, String text) throws IOException {
    Path file = dir.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }

  private Path sourceFolder() throws IOException {
    write("src/shop/Counter.java", COUNTER);
    write("src/shop/Tally.java", TALLY);
    return dir.resolve("src");
  }

  // ------------------------------------------------------------- exit codes without a real rule

  @Test
  void missingFolderExitsBadInputWithOneLine() {
    CliRun run = CliRun.of("analyze", dir.resolve("no/such/dir").toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertEquals("", run.out());
    assertEquals(1, run.err().strip().lines().count(), run::toString);
    assertTrue(
        run.err().contains("no such directory: " + dir.resolve("no/such/dir")), run::toString);
    CliRun jar = CliRun.of("analyze", dir.resolve("gone.jar").toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, jar.exitCode(), jar::toString);
    assertTrue(jar.err().contains("no such jar: " + dir.resolve("gone.jar")), jar::toString);
  }

  @Test
  void fileInsteadOfFolderExitsBadInput() throws IOException {
    Path file = write("Tally.java", TALLY);
    CliRun run = CliRun.of("analyze", file.toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertTrue(run.err().contains("not a directory"), run::toString);
  }

  @Test
  void folderWithoutSourcesExitsBadInput() throws IOException {
    write("notes/readme.txt", "no java here");
    CliRun run = CliRun.of("analyze", dir.resolve("notes").toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertTrue(run.err().contains("no .java files"), run::toString);
  }

  @Test
  void unparsableSourceExitsBadInputNamingFileAndLine() throws IOException {
    sourceFolder();
    write("src/shop/Broken.java", "package shop;\n\nclass Broken {\n  int x = ;\n}\n");
    CliRun run =
        CliRun.with(
            TestProcessors.analyzeWith(TestProcessors.Inert::new),
            "analyze",
            dir.resolve("src").toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertTrue(
        run.err().contains("cannot parse " + dir.resolve("src/shop/Broken.java") + ":4:"),
        run::toString);
    // Java 21 syntax read as Java 17 fails to parse too: the line names the release.
    assertTrue(
        run.err().contains("(read as Java " + Runtime.version().feature() + " (the running JDK);"),
        run::toString);
  }

  @Test
  void sourcesThatDoNotCompileExitBadInputNamingTheFirstErrors() throws IOException {
    sourceFolder();
    write("src/shop/Order.java", "package shop;\n\nclass Order {\n  Missing item;\n}\n");
    CliRun run =
        CliRun.with(
            TestProcessors.analyzeWith(TestProcessors.Inert::new),
            "analyze",
            dir.resolve("src").toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertTrue(run.err().contains("the sources do not compile (1 error)"), run::toString);
    assertTrue(
        run.err().contains(dir.resolve("src/shop/Order.java") + ":4: error:"), run::toString);
    assertTrue(run.err().contains("Missing"), run::toString);
  }

  @Test
  void missingClasspathEntryExitsBadInput() throws IOException {
    Path src = sourceFolder();
    CliRun run =
        CliRun.of("analyze", src.toString(), "--classpath", dir.resolve("gone.jar").toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertTrue(
        run.err().contains("classpath entry not found: " + dir.resolve("gone.jar")), run::toString);
  }

  @Test
  void outThatIsAFileExitsBadInput() throws IOException {
    Path src = sourceFolder();
    Path file = write("taken", "x");
    CliRun run =
        CliRun.with(
            TestProcessors.analyzeWith(TestProcessors.Inert::new),
            "analyze",
            src.toString(),
            "--out",
            file.toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertTrue(run.err().contains("is not a directory"), run::toString);
  }

  @Test
  void unknownFormatIsAUsageError() throws IOException {
    CliRun run = CliRun.of("analyze", sourceFolder().toString(), "--format", "yaml");
    assertEquals(OrthrusCommand.EXIT_USAGE, run.exitCode(), run::toString);
    assertTrue(
        run.err().contains("'yaml' is not a format; expected one of text, json, html, sarif"),
        run::toString);
  }

  @Test
  void missingPathIsAUsageError() {
    CliRun run = CliRun.of("analyze");
    assertEquals(OrthrusCommand.EXIT_USAGE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("PATH"), run::toString);
  }

  @Test
  void processorCrashIsAnInternalError() throws IOException {
    CliRun run =
        CliRun.with(
            TestProcessors.analyzeWith(TestProcessors.Crashing::new),
            "analyze",
            sourceFolder().toString());
    assertEquals(OrthrusCommand.EXIT_INTERNAL, run.exitCode(), run::toString);
    assertTrue(run.err().contains("internal error"), run::toString);
    assertTrue(run.err().contains("simulated processor bug"), run::toString);
  }

  @Test
  void ruleErrorWithoutAReportExitsWithFindings() throws IOException {
    CliRun run =
        CliRun.with(
            TestProcessors.analyzeWith(
                () -> new TestProcessors.Reporting("[orthrus.test.rule] closure rejected")),
            "analyze",
            sourceFolder().toString(),
            "--format",
            "json");
    assertEquals(OrthrusCommand.EXIT_FINDINGS, run.exitCode(), run::toString);
    assertEquals("", run.out());
    assertTrue(
        run.err()
            .contains(
                dir.resolve("src/shop/Tally.java")
                    + ":9: error: [orthrus.test.rule] closure rejected"),
        run::toString);
  }

  @Test
  void processorErrorThatIsNoRuleIsAnInternalError() throws IOException {
    CliRun run =
        CliRun.with(
            TestProcessors.analyzeWith(
                () -> new TestProcessors.Reporting("unexpected NullPointerException")),
            "analyze",
            sourceFolder().toString());
    assertEquals(OrthrusCommand.EXIT_INTERNAL, run.exitCode(), run::toString);
    assertTrue(run.err().contains("the Orthrus processor failed"), run::toString);
    assertTrue(run.err().contains("unexpected NullPointerException"), run::toString);
  }

  @Test
  void processorCrashReportedAsADiagnosticIsAnInternalError() throws IOException {
    CliRun run =
        CliRun.with(
            TestProcessors.analyzeWith(
                () ->
                    new TestProcessors.Reporting(
                        "[orthrus.internal] failed: NullPointerException")),
            "analyze",
            sourceFolder().toString());
    assertEquals(OrthrusCommand.EXIT_INTERNAL, run.exitCode(), run::toString);
    assertTrue(run.err().contains("failed: NullPointerException"), run::toString);
  }

  @Test
  void processorThatWritesNoReportIsAnInternalError() throws IOException {
    CliRun run =
        CliRun.with(
            TestProcessors.analyzeWith(TestProcessors.Inert::new),
            "analyze",
            sourceFolder().toString());
    assertEquals(OrthrusCommand.EXIT_INTERNAL, run.exitCode(), run::toString);
    assertTrue(run.err().contains("wrote no META-INF/orthrus/closures.json"), run::toString);
  }

  @Test
  void helpListsTheExitCodes() {
    CliRun run = CliRun.of("analyze", "--help");
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode());
    assertTrue(run.out().contains("--format"), run::toString);
    assertTrue(run.out().contains("3   bad input"), run::toString);
  }

  // ---------------------------------------------------------------- with the Orthrus processor

  /**
   * A project whose sources use what its own annotation processor generates (AutoValue, Immutables,
   * MapStruct, Lombok do this) compiles with that processor, found on the classpath as javac finds
   * it (outside trial 10: such a project did not compile on a fresh checkout).
   */
  @Test
  void theProjectsOwnProcessorsRunBeforeTheRules() throws IOException {
    Path processor = processorFolder("gen.Generator");
    sourceFolder();
    write(
        "src/shop/Opening.java",
        """
        package shop;
        @gen.Gen
        public final class Opening {
          public static Tally tally() {
            Tally t = new Tally();
            t.add(OpeningMade.start());
            return t;
          }
        }
        """);

    CliRun run =
        CliRun.of("analyze", dir.resolve("src").toString(), "--classpath", processor.toString());
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    assertTrue(
        run.err().contains("with the project's annotation processors gen.Generator"),
        run::toString);
  }

  /**
   * Sources that need a processor whose processor path entry was never downloaded: the advice is to
   * fix the pom or download it, not {@code --classpath}.
   */
  @Test
  void sourcesThatNeedAProcessorNotDownloadedSayWhich() throws IOException {
    write(
        "app/pom.xml",
        """
        <project xmlns="http://maven.apache.org/POM/4.0.0">
          <modelVersion>4.0.0</modelVersion>
          <groupId>shop</groupId><artifactId>app</artifactId><version>1.0</version>
          <build><plugins><plugin><artifactId>maven-compiler-plugin</artifactId><configuration>
            <annotationProcessorPaths>
              <path><groupId>gen</groupId><artifactId>never-downloaded</artifactId><version>9</version></path>
            </annotationProcessorPaths>
          </configuration></plugin></plugins></build>
        </project>
        """);
    write(
        "app/src/main/java/shop/Opening.java",
        """
        package shop;
        public final class Opening {
          public static long start() {
            return OpeningMade.start();
          }
        }
        """);
    CliRun run = CliRun.of("analyze", dir.resolve("app").toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertTrue(
        run.err()
            .contains(
                "annotation processor path entry gen:never-downloaded:9 is not in the local"
                    + " repository"),
        run::toString);
    assertTrue(
        run.err()
            .contains(
                "the sources do not compile (1 error) without the processors of"
                    + " gen:never-downloaded"),
        run::toString);
    assertFalse(run.err().contains("--classpath"), run::toString);
  }

  /** A project's processor that fails is a compile error naming it, not an internal error. */
  @Test
  void aProjectsProcessorThatFailsIsNamed() throws IOException {
    Path processor = processorFolder("gen.Broken");
    sourceFolder();
    CliRun run =
        CliRun.of("analyze", dir.resolve("src").toString(), "--classpath", processor.toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertTrue(
        run.err().contains("the project's annotation processor gen.Broken failed here"),
        run::toString);
    assertTrue(run.err().contains("needs its framework"), run::toString);
    assertFalse(run.err().contains("internal error"), run::toString);
  }

  /**
   * A folder of two annotation processors, {@code gen.Generator} (for a type marked
   * {@code @gen.Gen} it writes {@code <Name>Made} with {@code static long start()}) and {@code
   * gen.Broken} (throws), of which {@code services} is registered for javac to find.
   */
  private Path processorFolder(String services) throws IOException {
    Path processor = dir.resolve("processor");
    Path generator =
        write(
            "processor-src/gen/Generator.java",
            """
            package gen;
            import java.io.Writer;
            import java.util.Set;
            import javax.annotation.processing.*;
            import javax.lang.model.SourceVersion;
            import javax.lang.model.element.*;
            @SupportedAnnotationTypes("gen.Gen")
            public final class Generator extends AbstractProcessor {
              @Override public SourceVersion getSupportedSourceVersion() {
                return SourceVersion.latestSupported();
              }
              @Override public boolean process(Set<? extends TypeElement> a, RoundEnvironment r) {
                for (Element e : r.getElementsAnnotatedWith(Gen.class)) {
                  String name = e.getSimpleName() + "Made";
                  try (Writer w = processingEnv.getFiler()
                      .createSourceFile("shop." + name, e).openWriter()) {
                    w.write("package shop; public final class " + name
                        + " { public static long start() { return 42; } }");
                  } catch (java.io.IOException x) {
                    throw new java.io.UncheckedIOException(x);
                  }
                }
                return true;
              }
            }
            """);
    Path broken =
        write(
            "processor-src/gen/Broken.java",
            """
            package gen;
            import java.util.Set;
            import javax.annotation.processing.*;
            import javax.lang.model.SourceVersion;
            import javax.lang.model.element.*;
            @SupportedAnnotationTypes("*")
            public final class Broken extends AbstractProcessor {
              @Override public SourceVersion getSupportedSourceVersion() {
                return SourceVersion.latestSupported();
              }
              @Override public boolean process(Set<? extends TypeElement> a, RoundEnvironment r) {
                throw new IllegalStateException("needs its framework");
              }
            }
            """);
    Path gen = write("processor-src/gen/Gen.java", "package gen; public @interface Gen {}");
    int compiled =
        javax.tools.ToolProvider.getSystemJavaCompiler()
            .run(
                null,
                null,
                null,
                "-d",
                processor.toString(),
                generator.toString(),
                broken.toString(),
                gen.toString());
    assertEquals(0, compiled);
    write("processor/META-INF/services/javax.annotation.processing.Processor", services + "\n");
    return processor;
  }

  @Test
  void jsonFormatPrintsTheClosureReport() throws IOException {
    CliRun run = CliRun.of("analyze", sourceFolder().toString(), "--format", "json");
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    ClosureReport report = ClosureReportJson.read(run.out());
    assertEquals(ClosureReport.SCHEMA_VERSION, report.schemaVersion());
    assertEquals(1, report.closures().size(), run::toString);
    ClosureModel add = report.closures().get(0);
    assertEquals("shop.Tally#add(long)", add.id());
    assertEquals("shop.Tally", add.owner());
    assertEquals("add", add.method());
    assertTrue(
        add.userDataReads().stream().map(FieldAccess::field).anyMatch("value"::equals),
        run::toString);
    assertTrue(
        add.userDataWrites().stream().map(FieldAccess::field).anyMatch("value"::equals),
        run::toString);
    assertTrue(report.userDataTypes().contains("shop.Counter"), run::toString);
    // The JSON is exactly what ClosureReportJson writes, so tools see one format.
    assertEquals(ClosureReportJson.write(report), run.out());
    assertFalse(run.err().contains("error"), run::toString);
  }

  @Test
  void textFormatSummarizesEachClosure() throws IOException {
    CliRun run = CliRun.of("analyze", sourceFolder().toString());
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    String out = run.out();
    assertTrue(out.startsWith("1 closure, 1 user-data type: shop.Counter"), run::toString);
    assertTrue(out.contains("shop.Tally#add(long)  (Tally.java:9)"), run::toString);
    assertTrue(out.contains("delta: long [primitive]"), run::toString);
    assertTrue(
        out.lines().anyMatch(l -> l.strip().startsWith("writes") && l.contains("Counter.value")),
        run::toString);
    assertTrue(run.err().contains("compiling 2 source files"), run::toString);
  }

  @Test
  void outWritesJsonAndMarkdownReports() throws IOException {
    Path out = dir.resolve("reports/orthrus");
    CliRun run =
        CliRun.of(
            "analyze", sourceFolder().toString(), "--format", "json", "--out", out.toString());
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    String json = Files.readString(out.resolve("closures.json"));
    assertEquals(run.out(), json);
    String markdown = Files.readString(out.resolve("closures.md"));
    assertTrue(markdown.contains("shop.Tally#add(long)"), markdown);
  }

  @Test
  void staticWriteInAClosureExitsWithFindings() throws IOException {
    Path src = sourceFolder();
    write("src/shop/Hits.java", STATIC_WRITE);
    CliRun run = CliRun.of("analyze", src.toString());
    assertEquals(OrthrusCommand.EXIT_FINDINGS, run.exitCode(), run::toString);
    assertTrue((run.out() + run.err()).contains("orthrus.closure.static-write"), run::toString);
  }

  /**
   * Sources in another encoding than UTF-8 (commons-text's are ISO-8859-1): the project's
   * project.build.sourceEncoding is read, as the compiler plugin reads it, and --encoding gives it
   * for a plain folder; read as UTF-8, the error says so.
   */
  @Test
  void sourcesAreReadInTheProjectsEncoding() throws IOException {
    write(
        "latin/pom.xml",
        """
        <project xmlns="http://maven.apache.org/POM/4.0.0">
          <modelVersion>4.0.0</modelVersion>
          <groupId>shop</groupId><artifactId>latin</artifactId><version>1.0</version>
          <properties>
            <project.build.sourceEncoding>ISO-8859-1</project.build.sourceEncoding>
          </properties>
        </project>
        """);
    Path source = dir.resolve("latin/src/main/java/shop/Names.java");
    Files.createDirectories(source.getParent());
    Files.write(
        source,
        """
        package shop;
        public final class Names {
          public static final String CAFE = "café";
          @dev.orthrus.annotations.Closure
          public static int length(int n) {
            return CAFE.length() + n;
          }
        }
        """
            .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    CliRun project = CliRun.of("analyze", dir.resolve("latin").toString());
    assertEquals(OrthrusCommand.EXIT_OK, project.exitCode(), project::toString);
    assertTrue(project.out().contains("shop.Names#length(int)"), project::toString);

    Path folder = dir.resolve("latin/src/main/java");
    CliRun utf8 = CliRun.of("analyze", folder.toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, utf8.exitCode(), utf8::toString);
    assertTrue(
        utf8.err().contains("read as UTF-8: give their encoding with --encoding"), utf8::toString);
    CliRun given = CliRun.of("analyze", folder.toString(), "--encoding", "ISO-8859-1");
    assertEquals(OrthrusCommand.EXIT_OK, given.exitCode(), given::toString);
  }

  @Test
  void mavenProjectCompilesSrcMainJava() throws IOException {
    write(
        "app/pom.xml",
        """
        <project xmlns="http://maven.apache.org/POM/4.0.0">
          <modelVersion>4.0.0</modelVersion>
          <groupId>shop</groupId>
          <artifactId>app</artifactId>
          <version>1.0</version>
          <dependencies>
            <dependency>
              <groupId>shop</groupId><artifactId>never-downloaded</artifactId><version>9</version>
            </dependency>
          </dependencies>
        </project>
        """);
    write("app/src/main/java/shop/Counter.java", COUNTER);
    write("app/src/main/java/shop/Tally.java", TALLY);
    // Test sources are not part of the analysis.
    write("app/src/test/java/shop/TallyTest.java", "this does not parse");
    CliRun run = CliRun.of("analyze", dir.resolve("app").toString(), "--format", "json");
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    assertEquals("shop.Tally#add(long)", ClosureReportJson.read(run.out()).closures().get(0).id());
    assertTrue(
        run.err().contains("shop:never-downloaded:9 is not in the local repository"),
        run::toString);
  }
}
