package dev.orthrus.rewriter;

import dev.orthrus.runtime.OrthrusRuntime;
import java.net.URLClassLoader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unseeded generators and {@code Collections.shuffle(list)} in helpers a closure calls, helpers
 * that touch no user data ({@code src/test/resources/seeded-helpers}): they get APP and VAL
 * variants that take their seeds from the log, so every execution validates.
 */
class SeededHelpersTest {

  private static final Path SOURCES = Path.of("src/test/resources/seeded-helpers");

  @Test
  void seededCallsInHelpersValidateWithoutADetection(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> type = loader.loadClass("dealer.Dealer");
      Object dealer = type.getConstructor().newInstance();
      var deal = type.getMethod("deal", int.class);
      for (int i = 0; i < 2_000; i++) {
        deal.invoke(dealer, 1_000);
      }
      Builds.assertAllValidated(rt, 2_000);
    } finally {
      rt.close();
    }
  }
}
