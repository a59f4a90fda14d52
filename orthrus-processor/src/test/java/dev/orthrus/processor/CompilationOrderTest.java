package dev.orthrus.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.json.ClosureReportJson;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * javac analyzes classes one after another and lowers each right after; these tests pin down that
 * the rules still see helpers in other files whatever the order, policy or earlier errors.
 */
class CompilationOrderTest {

  private static final JavaFileObject CLOSURE =
      source(
          "t.Store",
          """
      package t;
      import dev.orthrus.annotations.Closure;
      public class Store {
        @Closure
        public int put(int v) {
          return Stats.record(v);
        }
      }
      """);
  private static final JavaFileObject HELPER =
      source(
          "t.Stats",
          """
      package t;
      final class Stats {
        static long total;
        static int record(int v) {
          total += v;
          return v;
        }
      }
      """);

  @ParameterizedTest
  @ValueSource(
      strings = {"-XDcompilePolicy=todo", "-XDcompilePolicy=simple", "-XDcompilePolicy=byfile"})
  void helperInAnotherFileIsCheckedUnderEveryCompilePolicy(String policy) {
    Compilation c = compile(List.of(policy), HELPER, CLOSURE);
    assertThat(c)
        .hadErrorContaining("[orthrus.closure.static-write]")
        .inFile(HELPER)
        .onLineContaining("total += v");
  }

  @Test
  void anEarlierTypeErrorInAnotherFileDoesNotHideFindings() {
    JavaFileObject broken =
        source(
            "t.Broken",
            """
        package t;
        final class Broken {
          int oops() {
            return "not an int";
          }
        }
        """);
    Compilation c = compile(broken, CLOSURE, HELPER);
    assertThat(c)
        .hadErrorContaining("incompatible types")
        .inFile(broken)
        .onLineContaining("not an int");
    assertThat(c)
        .hadErrorContaining("[orthrus.closure.static-write]")
        .inFile(HELPER)
        .onLineContaining("total += v");
  }

  @Test
  void manyFilesAreAllSummarizedBeforeTheRulesRun() {
    List<JavaFileObject> files = new ArrayList<>();
    files.add(CLOSURE);
    for (int i = 0; i < 40; i++) {
      files.add(
          source(
              "t.Filler" + i,
              "package t; final class Filler" + i + " { int f() { return " + i + "; } }"));
    }
    files.add(HELPER);
    Compilation c = compile(files.toArray(new JavaFileObject[0]));
    assertThat(c)
        .hadErrorContaining("[orthrus.closure.static-write]")
        .inFile(HELPER)
        .onLineContaining("total += v");
    assertThat(Snippets.findings(c, "orthrus.closure.static-write")).hasSize(1);
  }

  @Test
  void abstractClosureIsModelledAndItsImplementationIsChecked() throws Exception {
    JavaFileObject api =
        source(
            "t.Api",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public abstract class Api {
          @Closure
          public abstract double get(double k);
          @Closure
          public double call(double k) {
            return get(k);
          }
        }
        """);
    JavaFileObject impl =
        source(
            "t.Impl",
            """
        package t;
        final class Impl extends Api {
          @Override
          public double get(double k) {
            return Math.sin(k);
          }
        }
        """);
    Compilation c = compile(api, impl);
    assertThat(c).succeeded();
    assertThat(c)
        .hadNoteContaining("[orthrus.closure.math-intrinsic]")
        .inFile(impl)
        .onLineContaining("Math.sin(k)");
    assertThat(Snippets.findings(c, "orthrus.closure.math-intrinsic")).hasSize(1);
    // The override runs as the abstract closure's body, and is reached from the other closure's
    // call:
    // one diagnostic, listed in both closures' models.
    ClosureReport report =
        ClosureReportJson.read(GoldenOutputTest.resource(c, ClosureReport.RESOURCE_PATH));
    assertThat(report.closures().stream().map(ClosureModel::id).collect(Collectors.toList()))
        .containsExactly("t.Api#call(double)", "t.Api#get(double)")
        .inOrder();
    for (ClosureModel closure : report.closures()) {
      assertThat(closure.diagnostics()).hasSize(1);
      assertThat(closure.diagnostics().get(0).position().file()).isEqualTo("t/Impl.java");
    }
  }
}
