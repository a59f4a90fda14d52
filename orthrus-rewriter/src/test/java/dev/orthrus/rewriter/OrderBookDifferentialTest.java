package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The protected {@code samples/order-book} against its vanilla build: every operation's result,
 * traced line by line, is the same on 3 threads (one lock per symbol's book), every execution is
 * validated, and nothing is detected.
 */
class OrderBookDifferentialTest {

  private static final Path SOURCES = Path.of("../samples/order-book/src/main/java");
  private static final String PACKAGE = "dev.orthrus.samples.orderbook.";

  @Test
  void protectedAndVanillaTraceTheSameOperationsAndEveryExecutionIsValidated(@TempDir Path out)
      throws Exception {
    InstrumentResult result = Builds.instrument(SOURCES, out);
    // Nothing in the sample is left unvalidated: the build warns of nothing.
    assertEquals(List.of(), result.notValidatedWarnings());
    Path vanilla = Builds.vanilla(SOURCES, out);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader p = Builds.loader(out.resolve("classes"));
        URLClassLoader v = Builds.loader(vanilla)) {
      for (long seed = 1; seed <= 2; seed++) {
        String expected = simulate(v, seed);
        assertTrue(expected.lines().count() > 10_000, "traced every operation");
        assertEquals(expected, simulate(p, seed), "seed " + seed);
      }
      Builds.assertAllValidated(rt, 2 * 12_000);
    } finally {
      rt.close();
    }
  }

  /** 12,000 operations over 4 symbols on 3 threads, every result traced. */
  private static String simulate(ClassLoader loader, long seed) throws Exception {
    Class<?> simulation = loader.loadClass(PACKAGE + "Simulation");
    Class<?> config = loader.loadClass(PACKAGE + "Simulation$Config");
    Object c =
        config
            .getConstructor(long.class, int.class, int.class, int.class, boolean.class)
            .newInstance(seed, 12_000, 4, 3, true);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream print = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      simulation.getMethod("run", config, PrintStream.class).invoke(null, c, print);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
