package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import java.net.URLClassLoader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A static initializer that calls closures of its own class, with every execution logged ({@code
 * src/test/resources/clinit}): the closure reads a static field of its class, so a validator's
 * replay cannot run until the initializer ends, and once the initializing thread's logs are all
 * pending it must stop waiting for one (decision 0049) rather than hang and fail the class's
 * initialization. Once the class is initialized, validators catch up and every execution logged is
 * validated.
 */
class StaticInitializerTest {

  private static final Path SOURCES = Path.of("src/test/resources/clinit");

  @Test
  void closuresCalledFromTheirClassesStaticInitializerDoNotHangIt(@TempDir Path out)
      throws Exception {
    Builds.instrument(SOURCES, out);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      long start = System.nanoTime();
      Class<?> table = Class.forName("preload.Table", true, loader);
      long millis = (System.nanoTime() - start) / 1_000_000;
      Object instance = table.getField("DEFAULT").get(null);
      assertEquals(2_999L * 3_000 / 2 + 5, table.getMethod("put", int.class).invoke(instance, 5));
      assertTrue(millis < 5_000, "initialization took " + millis + " ms");
      assertTrue(rt.awaitDrained(10_000));
      assertTrue(rt.skippedCount() > 0, "no execution waited: the test did not fill the ring");
      assertEquals(3_001, rt.validatedCount() + rt.skippedCount());
      assertEquals(0, rt.detections().count());
      assertEquals(0, rt.notValidatedCount());
    } finally {
      rt.close();
    }
  }
}
