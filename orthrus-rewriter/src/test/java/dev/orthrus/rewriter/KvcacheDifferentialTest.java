package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The protected {@code samples/kvcache} server against its vanilla build: its {@code Simulation}
 * (randomized memcached requests from four clients through the server's parser and handler, every
 * request and reply traced) prints the same, every execution is validated, and nothing is detected.
 */
class KvcacheDifferentialTest {

  private static final Path SOURCES = Path.of("../samples/kvcache/src/main/java");
  private static final int OPERATIONS = 12_000;

  @Test
  void protectedAndVanillaServersGiveTheSameRepliesAndEveryExecutionIsValidated(@TempDir Path out)
      throws Exception {
    InstrumentResult result = Builds.instrument(SOURCES, out);
    // Nothing in the sample is left unvalidated: the build warns of nothing.
    assertEquals(List.of(), result.notValidatedWarnings());
    String report = Files.readString(result.report());
    for (String expected :
        List.of(
            "\"dev.orthrus.samples.kvcache.store.CacheItem\"",
            "\"dev.orthrus.samples.kvcache.store.Cache#store(",
            "\"item\"",
            // Consecutive counter updates that read the table's other fields: one version.
            "\"set$bytes$currItems$totalItems\"")) {
      assertTrue(report.contains(expected), () -> expected + " in " + report);
    }
    Path vanilla = Builds.vanilla(SOURCES, out);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader p = Builds.loader(out.resolve("classes"));
        URLClassLoader v = Builds.loader(vanilla)) {
      for (long seed : new long[] {3, 11}) {
        long before = rt.publishedCount();
        String expected = simulate(v, seed);
        String actual = simulate(p, seed);
        assertTrue(expected.contains("digest "), expected);
        assertEquals(expected, actual, "seed " + seed);
        Builds.assertAllValidated(rt, before + OPERATIONS);
      }
    } finally {
      rt.close();
    }
  }

  /** The simulation's output (every request and reply) in the build {@code loader} holds. */
  private static String simulate(ClassLoader loader, long seed) throws Exception {
    Class<?> simulation = loader.loadClass("dev.orthrus.samples.kvcache.Simulation");
    Class<?> config = loader.loadClass("dev.orthrus.samples.kvcache.Simulation$Config");
    Object run =
        config
            .getConstructor(long.class, int.class, int.class, boolean.class)
            .newInstance(seed, OPERATIONS, 4, true);
    Method method = simulation.getMethod("run", config, PrintStream.class);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream print = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      method.invoke(null, run, print);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
