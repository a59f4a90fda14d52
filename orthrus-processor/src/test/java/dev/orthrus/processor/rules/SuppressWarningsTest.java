package dev.orthrus.processor.rules;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.assertNoFinding;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.Suppression;
import dev.orthrus.processor.Snippets;
import java.io.IOException;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * {@code @SuppressWarnings("orthrus.<key>")} and {@code @SuppressWarnings("orthrus")}, as Error
 * Prone users expect.
 */
class SuppressWarningsTest {

  @Test
  void onAMethodSilencesThatRuleThereOnly() {
    JavaFileObject f =
        source(
            "t.Clock",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Clock {
          @Closure
          @SuppressWarnings("orthrus.closure.nondeterministic")
          public long quiet(long k) {
            return k + System.nanoTime() + new java.util.concurrent.locks.ReentrantLock().getHoldCount();
          }
          @Closure
          public long loud(long k) {
            return k + System.nanoTime();
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(Snippets.findings(c, "orthrus.closure.nondeterministic")).hasSize(1);
    assertThat(c)
        .hadNoteContaining("[orthrus.closure.nondeterministic]")
        .inFile(f)
        .onLineContaining("return k + System.nanoTime();");
    assertThat(c)
        .hadNoteContaining("[orthrus.closure.lock]")
        .inFile(f)
        .onLineContaining("getHoldCount()");
  }

  @Test
  void onAClassSilencesItsMembersAndOrthrusSilencesEveryRule() {
    JavaFileObject f =
        source(
            "t.Cache",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        @SuppressWarnings({"unchecked", "orthrus"})
        public class Cache {
          int hits;
          @Closure
          public int get(int k) {
            hits++;
            System.out.println(k);
            return k + (int) System.nanoTime();
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoFinding(c, "orthrus.closure.unversioned-write");
    assertNoFinding(c, "orthrus.closure.io");
    assertNoFinding(c, "orthrus.closure.nondeterministic");
  }

  @Test
  void onAFieldAndOnALocalVariable() {
    JavaFileObject f =
        source(
            "t.Stamped",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Stamped {
          @SuppressWarnings("orthrus.closure.nondeterministic")
          private final long created = System.nanoTime();
          @Closure
          public long age(long now) {
            @SuppressWarnings("orthrus.closure.nondeterministic")
            long start = System.nanoTime();
            long end = System.nanoTime();
            return new Stamped().created + end - start;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(Snippets.findings(c, "orthrus.closure.nondeterministic")).hasSize(1);
    assertThat(c)
        .hadNoteContaining("[orthrus.closure.nondeterministic]")
        .inFile(f)
        .onLineContaining("long end = System.nanoTime();");
  }

  @Test
  void unprotectableErrorsAreNotSuppressible() {
    JavaFileObject f =
        source(
            "t.Outer",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        @SuppressWarnings("orthrus")
        public class Outer {
          static int total;
          @SuppressWarnings("orthrus.closure.owner")
          private static final class Hidden {
            @Closure
            int get(int v) {
              return v;
            }
          }
          @Closure
          @SuppressWarnings("orthrus.closure.static-write")
          public int add(int v) {
            total += v;
            return v;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining("[orthrus.closure.owner]")
        .inFile(f)
        .onLineContaining("int get(int v)");
    assertThat(c)
        .hadErrorContaining("[orthrus.closure.static-write]")
        .inFile(f)
        .onLineContaining("total += v");
  }

  @Test
  void closuresJsonListsTheSuppressionsForTheBytecodeStage() throws IOException {
    JavaFileObject f =
        source(
            "t.Clock",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Clock {
          @Closure
          @SuppressWarnings({"unchecked", "orthrus.closure.nondeterministic"})
          public long quiet(long k) {
            return k + System.nanoTime();
          }
        }
        """);
    Compilation c = compile(f);
    ClosureReport report = Snippets.report(c);
    assertThat(report.suppressions())
        .containsExactly(
            new Suppression(
                List.of("orthrus.closure.nondeterministic"),
                "t.Clock#quiet(long)",
                "t/Clock.java",
                4,
                8));
  }
}
