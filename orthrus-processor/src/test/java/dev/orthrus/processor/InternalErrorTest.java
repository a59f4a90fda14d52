package dev.orthrus.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** The processor never crashes javac: a bug becomes one error on the element being processed. */
class InternalErrorTest {

  @Test
  void unexpectedExceptionBecomesOneErrorOnTheElement() {
    JavaFileObject f =
        source(
            "t.Store",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Store {
          @Closure
          public int boom(int v) {
            return v;
          }
          @Closure
          public int fine(int v) {
            return v + 1;
          }
        }
        """);
    OrthrusProcessor failing =
        new OrthrusProcessor(
            element -> {
              if (element.getSimpleName().contentEquals("boom")) {
                throw new IllegalStateException("deliberate failure for the test");
              }
            });
    Compilation c = javac().withProcessors(failing).compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining("[orthrus.internal]")
        .inFile(f)
        .onLineContaining("public int boom");
    assertThat(c).hadErrorContaining("deliberate failure for the test");
    long internalErrors =
        c.errors().stream()
            .filter(d -> d.getMessage(Locale.ROOT).contains("[orthrus.internal]"))
            .count();
    assertThat(internalErrors).isEqualTo(1);
    assertThat(
            c.diagnostics().stream()
                .noneMatch(
                    d ->
                        d.getKind() == Diagnostic.Kind.ERROR
                            && d.getMessage(Locale.ROOT)
                                .contains("An annotation processor threw an uncaught exception")))
        .isTrue();
  }

  @Test
  void privateOwnerIsAClearErrorNotABrokenCatalog() {
    JavaFileObject f =
        source(
            "t.Outer",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Outer {
          private static final class Hidden {
            @Closure
            int get(int v) {
              return v;
            }
          }
        }
        """);
    Compilation c = Snippets.compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining("[orthrus.closure.owner]")
        .inFile(f)
        .onLineContaining("int get(int v)");
    assertThat(c)
        .hadErrorContaining("private class `t.Outer.Hidden`")
        .inFile(f)
        .onLineContaining("int get(int v)");
  }
}
