package dev.orthrus.processor.rules;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import dev.orthrus.processor.Snippets;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Closures whose class a generated catalog cannot name are errors wherever they are declared, and
 * one of them does not hide the other findings of the compilation.
 */
class OwnerRuleTest {

  private static final String KEY = "[orthrus.closure.owner]";

  @Test
  void closuresInLocalAndAnonymousClassesAreErrors() {
    JavaFileObject f =
        source(
            "t.Outer",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.function.IntUnaryOperator;
        public class Outer {
          IntUnaryOperator make() {
            class Local {
              @Closure
              int twice(int v) {
                return 2 * v;
              }
            }
            return new Local()::twice;
          }
          IntUnaryOperator anonymous() {
            return new IntUnaryOperator() {
              @Closure
              public int applyAsInt(int v) {
                return v + 1;
              }
            };
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("int twice(int v)");
    assertThat(c).hadErrorContaining("local class").inFile(f).onLineContaining("int twice(int v)");
    assertThat(c)
        .hadErrorContaining(KEY)
        .inFile(f)
        .onLineContaining("public int applyAsInt(int v)");
    assertThat(c)
        .hadErrorContaining("anonymous class")
        .inFile(f)
        .onLineContaining("public int applyAsInt(int v)");
    assertThat(Snippets.findings(c, "orthrus.closure.owner")).hasSize(2);
  }

  /**
   * An interface's default method as a closure is refused at compile time, as the rewriter refuses
   * it; its abstract and static methods are not. The processor used to let it through, and only the
   * plugin's step said so.
   */
  @Test
  void aDefaultMethodOfAnInterfaceIsAnError() {
    JavaFileObject f =
        source(
            "t.Fees",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public interface Fees {
          @Closure
          long fee(long amount);
          @Closure
          default long twice(long amount) {
            return 2 * amount;
          }
          @Closure
          static long flat(long amount) {
            return amount + 1;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("default long twice");
    assertThat(c).hadErrorContaining("an interface's default method");
    assertThat(Snippets.findings(c, "orthrus.closure.owner")).hasSize(1);
  }

  /**
   * Classes of the unnamed package that their files declare, generic, annotated or a record, are
   * not taken for a compact source file's implicitly declared class (Java 25), which no catalog can
   * name: their closures compile and get catalogs.
   */
  @Test
  void declaredClassesOfTheUnnamedPackageAreNotImplicit() {
    JavaFileObject box =
        source(
            "Box",
            """
        import dev.orthrus.annotations.Closure;
        @dev.orthrus.annotations.UserData
        public final class Box<T> {
          long hits;
          @Closure
          public long hit() {
            return ++hits;
          }
          record Pair(long a, long b) {
            @Closure
            static long sum(long a, long b) {
              return a + b;
            }
          }
        }
        """);
    Compilation c = compile(box);
    assertThat(c).succeeded();
    assertThat(Snippets.findings(c, "orthrus.closure.owner")).isEmpty();
  }

  @Test
  void aPrivateOwnerDoesNotHideOtherFindings() {
    JavaFileObject outer =
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
    JavaFileObject counter =
        source(
            "t.Counter",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Counter {
          static int total;
          @Closure
          public int add(int v) {
            total += v;
            return v;
          }
        }
        """);
    Compilation c = compile(outer, counter);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(KEY).inFile(outer).onLineContaining("int get(int v)");
    assertThat(c)
        .hadErrorContaining("[orthrus.closure.static-write]")
        .inFile(counter)
        .onLineContaining("total += v");
    assertThat(Snippets.findings(c, "orthrus.closure.owner")).hasSize(1);
  }

  @Test
  void diagnosticsEndWithTheirRuleDoc() {
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
    Compilation c = compile(f);
    assertThat(c)
        .hadErrorContaining(dev.orthrus.model.rules.Rule.OWNER.docUri())
        .inFile(f)
        .onLineContaining("int get(int v)");
  }
}
