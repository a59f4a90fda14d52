package dev.orthrus.cli.analyze;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.cli.CliRun;
import dev.orthrus.cli.OrthrusCommand;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.Diagnostic;
import dev.orthrus.model.Severity;
import dev.orthrus.model.json.ClosureReportJson;
import dev.orthrus.rewriter.Problem;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code orthrus analyze} runs the protected build's rewriter over the sources: what the Maven
 * plugin would stop on is an error of the report (exit 1), what it would warn about is a warning of
 * the closure, and sources the build protects as they are get neither.
 */
class AnalyzeRewriterStageTest {

  @TempDir Path dir;

  /** The processor accepts this closure; the rewriter cannot protect the anonymous class. */
  private static final String ANONYMOUS =
      """
      package t;

      import dev.orthrus.annotations.Closure;
      import dev.orthrus.annotations.UserData;
      import java.util.function.LongSupplier;

      @UserData
      public class Acc {
        long total;

        @Closure
        public long add(long x) {
          LongSupplier s = new LongSupplier() {
            @Override
            public long getAsLong() {
              return total + x;
            }
          };
          total = s.getAsLong();
          return total;
        }
      }
      """;

  /** Builds protected, but the inner class's constructor runs as written: not validated. */
  private static final String INNER_CONSTRUCTOR =
      """
      package t;

      import dev.orthrus.annotations.Closure;
      import dev.orthrus.annotations.UserData;

      @UserData
      public class Box {
        long v;

        public class Peek {
          final long snap;

          Peek() {
            this.snap = v * 2;
          }
        }

        @Closure
        public long peek(long x) {
          Peek p = new Peek();
          v += x;
          return p.snap;
        }
      }
      """;

  /** The same closure without the inner class: protected and validated as written. */
  private static final String PLAIN =
      """
      package t;

      import dev.orthrus.annotations.Closure;
      import dev.orthrus.annotations.UserData;

      @UserData
      public class Box {
        long v;

        @Closure
        public long peek(long x) {
          long snap = v * 2;
          v += x;
          return snap;
        }
      }
      """;

  private Path source(String file, String text) throws IOException {
    Path f = dir.resolve("src/t/" + file);
    Files.createDirectories(f.getParent());
    Files.writeString(f, text, StandardCharsets.UTF_8);
    return dir.resolve("src");
  }

  private static List<Diagnostic> rewriterFindings(List<Diagnostic> diagnostics) {
    return diagnostics.stream().filter(d -> d.key().startsWith("orthrus.rewriter.")).toList();
  }

  /**
   * The rewriter's Lombok problem stands for the javac errors after it (members Lombok would have
   * generated): one error of the report, naming how many and the first, not one per symbol.
   */
  @Test
  void javacErrorsBehindTheLombokProblemAreOneError() {
    Path a = Path.of("src/t/Account.java");
    List<Problem> problems =
        List.of(
            new Problem(
                a,
                3,
                1,
                "Lombok: the protected build compiles the sources without Lombok's processor, so"
                    + " the members it generates are missing (the errors below)",
                "protect the delomboked sources instead"),
            new Problem(a, 12, 5, "cannot find symbol\n  symbol: method getBalance()", ""),
            new Problem(a, 13, 5, "cannot find symbol", ""));
    List<Problem> folded = RewriterStage.lombokOnce(problems);
    assertEquals(1, folded.size(), folded::toString);
    assertTrue(
        folded
            .get(0)
            .construct()
            .endsWith(
                "are missing (javac reports 2 errors, the first at Account.java:12: cannot find"
                    + " symbol)"),
        folded::toString);
    List<Problem> other = List.of(problems.get(1), problems.get(2));
    assertEquals(other, RewriterStage.lombokOnce(other));
  }

  @Test
  void whatTheBuildStopsOnIsAnErrorWithItsPosition() throws IOException {
    Path src = source("Acc.java", ANONYMOUS);
    CliRun text = CliRun.of("analyze", src.toString(), "--no-bytecode");
    assertEquals(OrthrusCommand.EXIT_FINDINGS, text.exitCode(), text::toString);
    assertTrue(
        text.out()
            .contains(
                "error [orthrus.rewriter.unprotectable] an anonymous class that touches user data"
                    + " inside a closure"),
        text::toString);
    assertTrue(text.out().contains("Acc.java:13"), text::toString);

    CliRun json = CliRun.of("analyze", src.toString(), "--format", "json");
    assertEquals(OrthrusCommand.EXIT_FINDINGS, json.exitCode(), json::toString);
    ClosureReport report = ClosureReportJson.read(json.out());
    List<Diagnostic> found = rewriterFindings(report.diagnostics());
    assertEquals(1, found.size(), json::toString);
    assertEquals(Severity.ERROR, found.get(0).severity());
    assertEquals(13, found.get(0).position().line());
    // Relative to the source root, as the processor's diagnostics are (SARIF resolves them so).
    assertEquals("t/Acc.java", found.get(0).position().file(), found.toString());
    // A build log shows what the report names.
    assertTrue(
        json.err()
            .contains(
                src.resolve("t/Acc.java")
                    + ":13: error: [orthrus.rewriter.unprotectable] an anonymous class"),
        json::toString);
  }

  @Test
  void whatTheBuildWarnsAboutIsAWarningOfTheClosure() throws IOException {
    Path src = source("Box.java", INNER_CONSTRUCTOR);
    CliRun run = CliRun.of("analyze", src.toString(), "--format", "json");
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    ClosureReport report = ClosureReportJson.read(run.out());
    ClosureModel peek = report.closures().get(0);
    assertEquals("t.Box#peek(long)", peek.id());
    List<Diagnostic> found = rewriterFindings(peek.diagnostics());
    assertEquals(1, found.size(), run::toString);
    assertEquals("orthrus.rewriter.not-validated", found.get(0).key());
    assertTrue(
        found.get(0).message().startsWith("its executions that reach new Peek(...) (Box.java:"),
        found.toString());
    assertTrue(rewriterFindings(report.diagnostics()).isEmpty(), run::toString);
    assertTrue(
        run.err().contains("warning: [orthrus.rewriter.not-validated] its executions that reach"),
        run::toString);
  }

  @Test
  void sourcesTheBuildProtectsAsTheyAreGetNoRewriterFinding() throws IOException {
    Path src = source("Box.java", PLAIN);
    CliRun run = CliRun.of("analyze", src.toString(), "--no-bytecode");
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    assertFalse(run.out().contains("orthrus.rewriter"), run::toString);
    assertTrue(run.err().contains("checking what the protected build makes"), run::toString);
  }

  /**
   * Sources with no closure or user data of their own that write a field of a protected
   * dependency's user data: the build stops on it, so analyze runs the rewriter's check for them
   * too (it used to skip it and report no finding).
   */
  @Test
  void aModuleWithoutClosuresWritingAProtectedDependencysUserDataIsChecked() throws IOException {
    Path lib = dir.resolve("lib/p/Pair.java");
    Files.createDirectories(lib.getParent());
    Files.writeString(
        lib,
        """
        package p;

        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;

        @UserData
        public class Pair {
          public long first;

          @Closure
          public long swap(long x) {
            long old = first;
            first = x;
            return old;
          }
        }
        """,
        StandardCharsets.UTF_8);
    Path protectedLib = dir.resolve("lib-protected");
    CliRun built =
        CliRun.of("instrument", dir.resolve("lib").toString(), "--out", protectedLib.toString());
    assertEquals(OrthrusCommand.EXIT_OK, built.exitCode(), built::toString);
    Path app = dir.resolve("app/a/Main.java");
    Files.createDirectories(app.getParent());
    Files.writeString(
        app,
        """
        package a;

        public final class Main {
          public static void main(String[] args) {
            p.Pair pair = new p.Pair();
            pair.first = 3;
            System.out.println(pair.swap(4));
          }
        }
        """,
        StandardCharsets.UTF_8);
    CliRun run =
        CliRun.of(
            "analyze",
            dir.resolve("app").toString(),
            "--classpath",
            protectedLib.toString(),
            "--no-bytecode");
    assertEquals(OrthrusCommand.EXIT_FINDINGS, run.exitCode(), run::toString);
    assertTrue(
        run.out().contains("a write to Pair.first, a field of another module's user data"),
        run::toString);
  }
}
