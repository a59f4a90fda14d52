package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orthrus.runtime.OrthrusRuntime;
import java.net.URLClassLoader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every construct the rewriter must keep ({@code src/test/resources/constructs}): the protected
 * build computes what the vanilla build computes, with every execution validated and nothing
 * detected.
 */
class ConstructsTest {

  private static final Path SOURCES = Path.of("src/test/resources/constructs");

  @Test
  void theProtectedBuildComputesWhatTheVanillaBuildComputes(@TempDir Path out) throws Exception {
    InstrumentResult result = Builds.instrument(SOURCES, out);
    assertEquals(17, result.closures().size(), () -> "closures: " + result.closures());
    Path vanilla = Builds.vanilla(SOURCES, out);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader p = Builds.loader(out.resolve("classes"));
        URLClassLoader v = Builds.loader(vanilla)) {
      for (long seed = 1; seed <= 3; seed++) {
        assertEquals(run(v, seed), run(p, seed), "seed " + seed);
      }
      // Synchronized closures from 4 threads at a time, 40 short-lived threads in all.
      for (int round = 0; round < 10; round++) {
        assertEquals(hits(v), hits(p), "round " + round);
      }
      Builds.assertAllValidated(rt, 3 * 2_000 + 40_000);
    } finally {
      rt.close();
    }
  }

  private static long hits(ClassLoader loader) throws ReflectiveOperationException {
    return (long)
        loader
            .loadClass("fixture.Hits")
            .getMethod("run", int.class, int.class)
            .invoke(null, 4, 1_000);
  }

  private static String run(ClassLoader loader, long seed) throws ReflectiveOperationException {
    return (String)
        loader
            .loadClass("fixture.Driver")
            .getMethod("run", long.class, int.class)
            .invoke(null, seed, 2_000);
  }
}
