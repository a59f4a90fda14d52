package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orthrus.runtime.OrthrusRuntime;
import java.net.URLClassLoader;
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
    Builds.instrument(SOURCES, out);
    Path vanilla = Builds.vanilla(SOURCES, out);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader p = Builds.loader(out.resolve("classes"));
        URLClassLoader v = Builds.loader(vanilla)) {
      assertEquals(run(v), run(p));
      // Square's grow and Tally's incr are logged: 500 + 1,000; Line's grow runs unlogged.
      Builds.assertAllValidated(rt, 1_500);
    } finally {
      rt.close();
    }
  }

  private static long run(ClassLoader loader) throws ReflectiveOperationException {
    return (long) loader.loadClass("geo.Driver").getMethod("run", int.class).invoke(null, 1_000);
  }
}
