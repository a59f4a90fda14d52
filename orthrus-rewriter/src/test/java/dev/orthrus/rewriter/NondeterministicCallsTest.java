package dev.orthrus.rewriter;

import dev.orthrus.runtime.OrthrusRuntime;
import java.net.URLClassLoader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closures that draw from generators and clocks ({@code src/test/resources/nondeterministic}): the
 * application's values differ from run to run, and every execution still validates. An unseeded
 * {@code new Random()} and {@code Collections.shuffle(list)} are seeded from the log; a recorded
 * call whose receiver is a recorded call ({@code ThreadLocalRandom.current().nextInt(n)}) replays
 * both.
 */
class NondeterministicCallsTest {

  private static final Path SOURCES = Path.of("src/test/resources/nondeterministic");

  @Test
  void drawsValidateWithoutADetection(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> type = loader.loadClass("draws.Draws");
      Object draws = type.getConstructor().newInstance();
      var draw = type.getMethod("draw", int.class);
      var stamp = type.getMethod("stamp");
      var shuffle = type.getMethod("shuffle", int.class);
      for (int i = 0; i < 2_000; i++) {
        draw.invoke(draws, 1_000);
        stamp.invoke(draws);
        shuffle.invoke(draws, 10);
      }
      Builds.assertAllValidated(rt, 6_000);
    } finally {
      rt.close();
    }
  }
}
