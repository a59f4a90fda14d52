package dev.orthrus.rewriter;

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
    // Square's grow and Tally's incr are logged: 500 + 1,000; Line's grow runs unlogged.
    Builds.assertSameAsVanilla(SOURCES, out, AbstractClosuresTest::run, 1_500);
  }

  private static long run(ClassLoader loader) throws ReflectiveOperationException {
    return (long) loader.loadClass("geo.Driver").getMethod("run", int.class).invoke(null, 1_000);
  }
}
