package dev.orthrus.processor.model;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import dev.orthrus.model.CallSite;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.processor.Snippets;
import java.io.IOException;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A call is in the compilation when the sources hold code it can run: an interface whose only
 * implementation is found at run time (a plugin, a generated mapper) is not, so what it writes is
 * not in the closure's lists and the report says so (outside trial 10: {@code analyze} printed
 * "writes none" for a closure that wrote through such an interface).
 */
class FollowedCallsTest {

  private static final String OPS =
      """
      package t;
      import dev.orthrus.annotations.Closure;
      import dev.orthrus.annotations.UserData;
      @UserData
      class Cell {
        long v;
        long get() { return v; }
      }
      interface Updater {
        void update(long x, Cell c);
      }
      interface Scaler {
        long scale(long x);
      }
      final class Doubler implements Scaler {
        public long scale(long x) { return 2 * x; }
      }
      final class Ops {
        static final Updater UPDATER = Plugins.updater();
        static final Scaler SCALER = new Doubler();
        @Closure
        static long amend(Cell c, long x) {
          UPDATER.update(SCALER.scale(x), c);
          return c.get();
        }
        @Closure
        static long relay(Cell c, long x) {
          return amend(c, x);
        }
      }
      final class Plugins {
        static Updater updater() {
          return java.util.ServiceLoader.load(Updater.class).findFirst().orElseThrow();
        }
      }
      """;

  @Test
  void anInterfaceImplementedOnlyElsewhereIsNotFollowed() throws IOException {
    Compilation c = compile(source("t.Ops", OPS));
    assertThat(c).succeeded();
    ClosureModel amend =
        Snippets.report(c).closures().stream()
            .filter(m -> m.id().startsWith("t.Ops#amend"))
            .findFirst()
            .orElseThrow();
    Map<String, Boolean> followed =
        amend.calls().stream()
            .collect(Collectors.toMap(CallSite::target, CallSite::inCompilation, (a, b) -> a));
    assertThat(followed).containsEntry("t.Updater#update(long,t.Cell)", false);
    assertThat(followed).containsEntry("t.Scaler#scale(long)", true);
    assertThat(followed).containsEntry("t.Cell#get()", true);
    // A closure that calls that one: what the callee leaves unfollowed, it does too.
    ClosureModel relay =
        Snippets.report(c).closures().stream()
            .filter(m -> m.id().startsWith("t.Ops#relay"))
            .findFirst()
            .orElseThrow();
    assertThat(
            relay.calls().stream()
                .filter(call -> !call.inCompilation())
                .map(CallSite::target)
                .toList())
        .containsExactly("t.Updater#update(long,t.Cell)");
  }

  /**
   * A record's implicit accessor and an enum's values() have no code in the sources, yet nothing in
   * them is left to follow: the report listed them as "not followed" beside the methods it reached
   * (two outside trials).
   */
  @Test
  void implicitMembersOfRecordsAndEnumsAreFollowed() throws IOException {
    Compilation c =
        compile(
            source(
                "t.Shapes",
                """
                package t;
                import dev.orthrus.annotations.Closure;
                import dev.orthrus.annotations.UserData;
                @UserData
                final class Shapes {
                  double area;
                  enum Kind { ROUND, SQUARE }
                  record Circle(double r) {}
                  @Closure
                  double add(Circle c) {
                    area += Math.PI * c.r() * c.r() + Kind.values().length + Kind.valueOf("ROUND").ordinal();
                    return area;
                  }
                }
                """));
    assertThat(c).succeeded();
    ClosureModel add = Snippets.report(c).closures().get(0);
    Map<String, Boolean> followed =
        add.calls().stream()
            .collect(Collectors.toMap(CallSite::target, CallSite::inCompilation, (a, b) -> a));
    assertThat(followed).containsEntry("t.Shapes$Circle#r()", true);
    assertThat(followed).containsEntry("t.Shapes$Kind#values()", true);
    assertThat(followed).containsEntry("t.Shapes$Kind#valueOf(java.lang.String)", true);
  }
}
