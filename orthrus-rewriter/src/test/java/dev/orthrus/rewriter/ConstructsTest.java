package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.Orthrus;
import dev.orthrus.runtime.sample.FixedSampling;
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
    assertEquals(13, result.closures().size(), () -> "closures: " + result.closures());
    Path vanilla = Builds.vanilla(SOURCES, out);
    OrthrusRuntime rt =
        OrthrusRuntime.start(
            RuntimeConfig.builder().sampling(() -> new FixedSampling(1.0)).validators(1).build());
    rt.blockWhenFull(true);
    Orthrus.install(rt);
    try (URLClassLoader p = Builds.loader(out.resolve("classes"));
        URLClassLoader v = Builds.loader(vanilla)) {
      for (long seed = 1; seed <= 3; seed++) {
        assertEquals(run(v, seed), run(p, seed), "seed " + seed);
      }
      // Synchronized closures from 4 threads at a time, 40 short-lived threads in all.
      for (int round = 0; round < 10; round++) {
        assertEquals(hits(v), hits(p), "round " + round);
      }
      assertTrue(rt.awaitDrained(60_000), "validators drain the logs");
      assertTrue(rt.publishedCount() >= 3 * 2_000 + 40_000, "logged: " + rt.publishedCount());
      assertEquals(rt.publishedCount(), rt.validatedCount(), "every execution is validated");
      assertEquals(0, rt.detections().count(), "no detection on a fault-free run");
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
