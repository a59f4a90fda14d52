package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A caller of closures initializes the closures' classes when the program would, not when the
 * caller's class initializes ({@code src/test/resources/initialization-order}, decision 0084): the
 * classes' static initializers read what the program sets first, as the vanilla build does.
 */
class InitializationOrderTest {

  private static final Path SOURCES = Path.of("src/test/resources/initialization-order");
  private static final List<String> PROPERTIES =
      List.of("order.acc", "order.counters", "order.mode", "order.start");

  @AfterEach
  void clearProperties() {
    PROPERTIES.forEach(System::clearProperty);
  }

  @Test
  void closuresClassesInitializeAtTheirFirstUseNotWithTheirCallers(@TempDir Path out)
      throws Exception {
    clearProperties();
    Builds.instrument(SOURCES, out);
    String main = Files.readString(out.resolve("generated/order/Main.java"));
    assertTrue(main.contains("Acc.Bindings$.ADD.site("), main);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> caller = Class.forName("order.Main", true, loader);
      assertNull(System.getProperty("order.acc"), "Acc initialized with its caller");
      assertNull(System.getProperty("order.counters"), "Counters initialized with its caller");
      var run = caller.getMethod("run", boolean.class);
      assertEquals(-1L, run.invoke(null, false));
      assertNull(System.getProperty("order.acc"), "Acc initialized on a path that never uses it");
      assertEquals(105L + 107L, run.invoke(null, true));
      assertEquals("prod", System.getProperty("order.acc"));
      assertEquals("prod", System.getProperty("order.counters"));
      assertTrue(rt.awaitDrained(10_000));
      assertEquals(0, rt.detections().count());
      // bump's call of add runs inside bump's logged execution
      assertEquals(2, rt.validatedCount());
    } finally {
      rt.close();
    }
  }
}
