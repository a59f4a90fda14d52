package dev.orthrus.processor.rules;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.assertNoFinding;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

class MathIntrinsicRuleTest {

  private static final String KEY = "[orthrus.closure.math-intrinsic]";

  @Test
  void notesIntrinsicMathInClosureAndHelper() {
    JavaFileObject f =
        source(
            "t.Geo",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Geo {
          @Closure
          public double distance(double a, double b) {
            return Math.sin(a) + scale(b);
          }
          private double scale(double b) {
            return Math.pow(b, 2.5);
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c).hadNoteContaining(KEY).inFile(f).onLineContaining("Math.sin(a)");
    assertThat(c).hadNoteContaining(KEY).inFile(f).onLineContaining("Math.pow(b, 2.5)");
  }

  @Test
  void strictMathAndExactMathAreFine() {
    JavaFileObject f =
        source(
            "t.Geo",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Geo {
          @Closure
          public double distance(double a, double b) {
            return StrictMath.sin(a) + Math.sqrt(b) + Math.abs(a) + Math.max(a, b);
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoFinding(c, "orthrus.closure.math-intrinsic");
  }
}
