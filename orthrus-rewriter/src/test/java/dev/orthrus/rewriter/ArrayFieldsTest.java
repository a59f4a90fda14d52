package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orthrus.runtime.OrthrusRuntime;
import java.net.URLClassLoader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Final user-data array fields made by their initializers ({@code private final Node[] slots = new
 * Node[16];}, {@code src/test/resources/array-fields}), in a class with mutable fields and in one
 * with final fields only, or filled by the constructor ({@code rows[i] = new Node(i)}): the array
 * becomes a {@code VersionedArray} with the field's type, the generated sources compile, and every
 * execution validates, including a closure whose new object's constructor fills its array on the
 * validator.
 */
class ArrayFieldsTest {

  private static final Path SOURCES = Path.of("src/test/resources/array-fields");

  @Test
  void finalArrayFieldsWithInitializersCompileAndValidate(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> tableType = loader.loadClass("slots.Table");
      Object table = tableType.getConstructor().newInstance();
      var put = tableType.getMethod("put", int.class, long.class);
      Class<?> shelfType = loader.loadClass("slots.Shelf");
      Object shelf = shelfType.getConstructor().newInstance();
      var get = shelfType.getMethod("get", int.class);
      long last = 0;
      for (int i = 0; i < 1_000; i++) {
        last = (long) put.invoke(table, i % 16, 1L);
        get.invoke(shelf, i % 8);
      }
      assertEquals(63 + 16, last, "slot 7 after its 63 puts, plus the length");
      assertEquals(7L, get.invoke(shelf, 7));
      // A constructor that fills its array, on the application's thread and, for the closure's
      // own new grid, on the validator's.
      Class<?> gridType = loader.loadClass("slots.Grid");
      gridType.getConstructor(int.class).newInstance(4);
      var fresh = gridType.getMethod("fresh", int.class);
      for (int i = 1; i <= 100; i++) {
        assertEquals((long) i, fresh.invoke(null, i));
      }
      Builds.assertAllValidated(rt, 2_101);
    } finally {
      rt.close();
    }
  }
}
