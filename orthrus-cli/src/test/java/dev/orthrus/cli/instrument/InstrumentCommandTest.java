package dev.orthrus.cli.instrument;

import static dev.orthrus.cli.ShopSources.COUNTER;
import static dev.orthrus.cli.ShopSources.TALLY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.cli.CliRun;
import dev.orthrus.cli.OrthrusCommand;
import dev.orthrus.cli.compile.BundledClasses;
import dev.orthrus.rewriter.InstrumentException;
import dev.orthrus.rewriter.InstrumentRequest;
import dev.orthrus.rewriter.InstrumentResult;
import dev.orthrus.rewriter.Problem;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code orthrus instrument} in-process, with a stand-in pipeline: these tests are about how the
 * command resolves its input and reports the pipeline's outcome, not about the rewriting.
 */
class InstrumentCommandTest {

  @TempDir Path dir;

  /** The request the stand-in pipeline received, null when it was not called. */
  private InstrumentRequest received;

  private Path write(String relative, String text) throws IOException {
    Path file = dir.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }

  private Path mavenProject(String release) throws IOException {
    write(
        "shop/pom.xml",
        """
        <project>
          <modelVersion>4.0.0</modelVersion>
          <groupId>shop</groupId>
          <artifactId>shop</artifactId>
          <version>1.0</version>
          <properties><maven.compiler.release>%s</maven.compiler.release></properties>
        </project>
        """
            .formatted(release));
    write("shop/src/main/java/shop/Counter.java", COUNTER);
    write("shop/src/main/java/shop/Tally.java", TALLY);
    return dir.resolve("shop");
  }

  private CliRun run(InstrumentCommand.Pipeline pipeline, String... args) {
    InstrumentCommand.Pipeline recording =
        request -> {
          received = request;
          return pipeline.instrument(request);
        };
    CommandLine.IFactory factory =
        new CommandLine.IFactory() {
          @Override
          public <K> K create(Class<K> type) throws Exception {
            if (type == InstrumentCommand.class) {
              return type.cast(new InstrumentCommand(recording));
            }
            return CommandLine.defaultFactory().create(type);
          }
        };
    String[] all = new String[args.length + 1];
    all[0] = "instrument";
    System.arraycopy(args, 0, all, 1, args.length);
    return CliRun.with(factory, all);
  }

  private static InstrumentCommand.Pipeline succeeding() {
    return request ->
        new InstrumentResult(
            List.of(request.generatedSources().resolve("shop/Tally.java")),
            List.of("shop.Tally#add(long)"),
            List.of("shop.Counter"),
            List.of("shop.Counter#total()"),
            request.generatedSources().resolve("closures.md"),
            Map.of("shop.Tally#add(long)", List.of("shared sb passed to new Res(...)")),
            List.of(),
            List.of());
  }

  @Test
  void mavenProjectWritesBesideTargetClassesAndSummarizes() throws IOException {
    Path project = mavenProject("17");
    CliRun run = run(succeeding(), project.toString());

    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    Path target = project.resolve("target").toAbsolutePath();
    assertEquals(
        List.of(project.resolve("src/main/java").toAbsolutePath()), received.sourceRoots());
    assertEquals(target.resolve("orthrus-classes"), received.classOutput());
    assertEquals(target.resolve("generated-sources/orthrus"), received.generatedSources());
    assertEquals(17, received.release());
    assertTrue(
        run.out()
            .contains(
                "1 closure logged and validated, 1 class versioned, 1 public method with variants"
                    + " for other builds' closures"),
        run::toString);
    assertTrue(
        run.out().contains(target.resolve("generated-sources/orthrus").toString()), run::toString);
    assertTrue(run.out().contains(target.resolve("orthrus-classes").toString()), run::toString);
    assertTrue(
        run.err()
            .contains(
                "warning: shop.Tally#add(long): its executions that reach shared sb passed to new"
                    + " Res(...) are not validated"),
        run::toString);
  }

  @Test
  void withoutTheRuntimeOnTheClassPathTheCliSuppliesItsOwnAndSaysSo() throws IOException {
    CliRun run = run(succeeding(), mavenProject("17").toString());

    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    assertTrue(
        BundledClasses.provides(received.classPath(), "dev/orthrus/runtime/api/ClosureLog.class"),
        received.classPath()::toString);
    assertTrue(
        BundledClasses.provides(received.classPath(), "dev/orthrus/annotations/Closure.class"),
        received.classPath()::toString);
    assertTrue(
        run.err().contains("orthrus-runtime is not on the project's class path"), run::toString);
  }

  @Test
  void sourceFolderGeneratesBesideOut() throws IOException {
    write("src/shop/Counter.java", COUNTER);
    write("src/shop/Tally.java", TALLY);
    Path out = dir.resolve("build/classes");
    CliRun run =
        run(
            succeeding(),
            dir.resolve("src").toString(),
            "--out",
            out.toString(),
            "--release",
            "17");

    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    assertEquals(out.toAbsolutePath(), received.classOutput());
    assertEquals(
        dir.resolve("build/generated-sources/orthrus").toAbsolutePath(),
        received.generatedSources());
  }

  @Test
  void instrumentExceptionExitsBadInputWithOneProblemPerLine() throws IOException {
    Path project = mavenProject("17");
    Path broken = project.resolve("src/main/java/shop/Broken.java");
    InstrumentCommand.Pipeline failing =
        request -> {
          throw new InstrumentException(
              List.of(
                  new Problem(broken, 4, 11, "illegal start of expression", ""),
                  new Problem(
                      broken, 9, 5, "a user-data array copied into a local", "read it in place")));
        };
    CliRun run = run(failing, project.toString());

    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertEquals("", run.out());
    List<String> lines = run.err().strip().lines().toList();
    assertEquals(
        List.of(
            "orthrus instrument: cannot instrument " + project + ":",
            broken + ":4:11: illegal start of expression",
            broken + ":9:5: a user-data array copied into a local: read it in place"),
        lines.subList(lines.size() - 3, lines.size()),
        run::toString);
    assertFalse(run.err().contains("\tat "), run::toString);
  }

  @Test
  void sourceFolderWithoutOutIsAUsageError() throws IOException {
    write("src/shop/Tally.java", TALLY);
    CliRun run = run(succeeding(), dir.resolve("src").toString());
    assertEquals(OrthrusCommand.EXIT_USAGE, run.exitCode(), run::toString);
    assertTrue(run.err().contains("Missing --out"), run::toString);
    assertNull(received);
  }

  @Test
  void outputInsideTheSourcesIsBadInput() throws IOException {
    write("src/shop/Tally.java", TALLY);
    CliRun run =
        run(
            succeeding(),
            dir.resolve("src").toString(),
            "--out",
            dir.resolve("src/out").toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertTrue(run.err().contains("is inside the sources"), run::toString);
    assertNull(received);
  }

  @Test
  void missingFolderIsBadInput() {
    CliRun run = run(succeeding(), dir.resolve("no/such/dir").toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertTrue(run.err().contains("no such directory"), run::toString);
    assertNull(received);
  }

  @Test
  void mavenProjectWithoutSourcesIsBadInput() throws IOException {
    write("empty/pom.xml", "<project><artifactId>empty</artifactId></project>");
    CliRun run = run(succeeding(), dir.resolve("empty").toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertTrue(run.err().contains("no Java sources to instrument"), run::toString);
    assertNull(received);
  }

  @Test
  void releaseBelow17IsBadInputNamingWhereItCameFrom() throws IOException {
    CliRun run = run(succeeding(), mavenProject("11").toString());
    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertTrue(
        run.err().contains("Java 11 (maven.compiler.release in pom.xml)")
            && run.err().contains("Java 17 or newer"),
        run::toString);
    assertNull(received);
  }
}
