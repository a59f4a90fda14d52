package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orthrus.runtime.api.Overrides;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @Closure} on an abstract method, of an abstract user-data class and of an interface
 * ({@code src/test/resources/abstract-closures}), called through the abstract type: the build
 * succeeds (the call sites named a binding and a dispatcher nobody generated: trial 5), an
 * implementation that is a closure runs logged and validated, one that is not runs as written.
 */
class AbstractClosuresTest {

  private static final Path SOURCES = Path.of("src/test/resources/abstract-closures");

  @Test
  void abstractClosuresDispatchToTheirImplementations(@TempDir Path out) throws Exception {
    // Square's grow and Tally's incr are logged: 500 + 1,000. Line's grow and Plain's incr run
    // unlogged, and the exit summary counts them (an interface's implementation that is not a
    // closure was not counted: outside trial 10).
    long routed = Overrides.routedCount();
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        AbstractClosuresTest::run,
        rt -> {
          Builds.assertAllValidated(rt, 1_500);
          assertEquals(500 + 1_000, Overrides.routedCount() - routed);
        });
  }

  private static long run(ClassLoader loader) throws ReflectiveOperationException {
    return (long) loader.loadClass("geo.Driver").getMethod("run", int.class).invoke(null, 1_000);
  }
}
