package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closure that calls an enum's abstract method, whose constant bodies read and write user data
 * ({@code src/test/resources/enumbodies}): the bodies are rewritten like anonymous classes, get APP
 * and VAL variants, and every execution validates and computes what the plain code computes.
 */
class EnumBodiesTest {

  private static final Path SOURCES = Path.of("src/test/resources/enumbodies");

  @Test
  void enumConstantBodiesThatTouchUserDataGetVariants(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    String item = Builds.generated(out, "stock/Item.java");
    assertTrue(item.contains("int takeApp(ClosureLog log, Item it, int want)"), item);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> itemType = loader.loadClass("stock.Item");
      Class<?> policyType = loader.loadClass("stock.Item$Policy");
      Object[] policies = policyType.getEnumConstants();
      Object it = itemType.getConstructor(int.class).newInstance(0);
      Method take = itemType.getMethod("take", int.class, policyType);
      Method restock = itemType.getMethod("restock", int.class);
      int qty = 0;
      for (int i = 0; i < 100; i++) {
        qty += 10;
        assertEquals(qty, restock.invoke(it, 10));
        int drained = Math.min(qty, 3);
        assertEquals(drained, take.invoke(it, 3, policies[0]));
        qty -= drained;
        int halved = Math.min(qty / 2, 4);
        assertEquals(halved, take.invoke(it, 4, policies[1]));
        qty -= halved;
        assertEquals(0, take.invoke(it, 5, policies[2]));
      }
      assertEquals(qty, itemType.getMethod("peek", itemType).invoke(null, it));
      Builds.assertAllValidated(rt, 400);
    } finally {
      rt.close();
    }
  }
}
