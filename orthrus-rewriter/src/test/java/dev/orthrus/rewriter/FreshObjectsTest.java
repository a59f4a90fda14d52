package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.Detection;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closures that make user data whose constructors make more of it ({@code
 * src/test/resources/fresh-objects}): a new object's array (final, or mutable and filled by its
 * constructor by index) filled with new nodes and read in the same execution, nodes held in a final
 * and in a mutable field, a user-data array replaced by a bigger one and read, a class with final
 * fields only, a static node made by a class initializer the closure triggers, objects without an
 * equals of their own (a user-data value with final fields only, a plain object, a lambda) stored
 * or returned. The validator's new objects stand for the application's: every execution validates
 * and none is a detection.
 */
class FreshObjectsTest {

  private static final Path SOURCES = Path.of("src/test/resources/fresh-objects");

  @Test
  void newObjectsMadeByConstructorsValidate(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    // A held field is read through its own accessor, never through lvValue's tests of a slot
    // number, which a faulty core could turn into a read of another field.
    String pair = Builds.generated(out, "fresh/Pair.java");
    assertTrue(pair.contains("p.load$right(log)") && pair.contains("p.lv$right()"), pair);
    assertFalse(pair.contains("log.loadSlot(p, Pair.SLOT_RIGHT)"), pair);
    List<Detection> found = new ArrayList<>();
    OrthrusRuntime rt = Builds.detecting(found, out.resolve("reproducers"));
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      // The class initializer runs inside the first (logged) execution.
      assertEquals(-1L + 1, call(loader, "fresh.Defaults", "fresh", long.class, 1L));
      for (int i = 1; i <= 200; i++) {
        int n = 1 + i % 7;
        assertEquals((long) (n - 1) + n, call(loader, "fresh.Grid", "last", int.class, n));
        assertEquals(5L, call(loader, "fresh.Grid", "bump", int.class, n));
        assertEquals(true, call(loader, "fresh.Pair", "make", long.class, (long) i));
        assertEquals(3L * i, call(loader, "fresh.Pair", "sum", long.class, (long) i));
        assertEquals(i + 1L, call(loader, "fresh.Pair", "swap", long.class, (long) i));
        assertEquals(i - 1L, call(loader, "fresh.Defaults", "fresh", long.class, (long) i));
        assertEquals((long) n * (n - 1) / 2, call(loader, "fresh.Tree", "sum", int.class, n));
      }
      Class<?> walkerType = loader.loadClass("fresh.Walker");
      Object walker = walkerType.getConstructor().newInstance();
      Method move = walkerType.getMethod("move", long.class);
      Method shifted = walkerType.getMethod("shifted", long.class);
      long x = 0;
      for (long dx = 1; dx <= 100; dx++) {
        x += dx;
        assertEquals(x + ("t" + dx).length() + 3 * dx, move.invoke(walker, dx));
        shifted.invoke(walker, dx);
      }
      Class<?> ringType = loader.loadClass("fresh.Ring");
      Object ring = ringType.getConstructor().newInstance();
      Method add = ringType.getMethod("add", long.class);
      for (long v = 1; v <= 100; v++) {
        assertEquals(v + 1, add.invoke(ring, v), "the newest plus the first");
      }
      Builds.assertAllValidated(rt, 1 + 7 * 200 + 2 * 100 + 100);
      assertTrue(found.isEmpty(), () -> "detections: " + found);
    } finally {
      rt.close();
    }
  }

  private static Object call(
      URLClassLoader loader, String type, String method, Class<?> parameter, Object argument)
      throws Exception {
    return loader.loadClass(type).getMethod(method, parameter).invoke(null, argument);
  }
}
