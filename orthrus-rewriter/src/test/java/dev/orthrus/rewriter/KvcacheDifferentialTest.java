package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The protected {@code samples/kvcache} against its vanilla build: the same random operations give
 * the same results, every execution is validated, and nothing is detected.
 */
class KvcacheDifferentialTest {

  private static final Path SOURCES = Path.of("../samples/kvcache/src/main/java");
  private static final String STORE = "dev.orthrus.samples.kvcache.KvStore";

  @Test
  void protectedAndVanillaGiveTheSameResultsAndEveryExecutionIsValidated(@TempDir Path out)
      throws Exception {
    InstrumentResult result = Builds.instrument(SOURCES, out);
    String report = java.nio.file.Files.readString(result.report());
    for (String expected :
        List.of(
            "\"flags: bits\"",
            "\"Main.SET_FROM_MAIN <- dev.orthrus.samples.kvcache.Main#main(java.lang.String[])\"",
            "\"set$value$flags$casUnique\"",
            "\"dev.orthrus.samples.kvcache.KvStore#find(java.lang.String)\"")) {
      assertTrue(report.contains(expected), () -> expected + " in " + report);
    }
    Path vanilla = Builds.vanilla(SOURCES, out);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader p = Builds.loader(out.resolve("classes"));
        URLClassLoader v = Builds.loader(vanilla)) {
      Store protectedStore = new Store(p, 64);
      Store vanillaStore = new Store(v, 64);
      Random random = new Random(42);
      int operations = 20_000;
      for (int i = 0; i < operations; i++) {
        String key = "key-" + random.nextInt(300);
        switch (random.nextInt(3)) {
          case 0 -> {
            byte[] value = new byte[random.nextInt(40)];
            random.nextBytes(value);
            int flags = random.nextInt();
            assertEquals(
                vanillaStore.set(key, value, flags), protectedStore.set(key, value, flags), key);
          }
          case 1 -> assertArrayEquals(vanillaStore.get(key), protectedStore.get(key), key);
          default -> assertEquals(vanillaStore.delete(key), protectedStore.delete(key), key);
        }
      }
      assertEquals(vanillaStore.size(), protectedStore.size());
      Builds.assertAllValidated(rt, operations);
      assertEquals(operations, rt.publishedCount(), "every execution, and no more, was logged");
    } finally {
      rt.close();
    }
  }

  /** The store of one build, called through reflection. */
  private static final class Store {
    private final Object store;
    private final Method set;
    private final Method get;
    private final Method delete;
    private final Method size;

    Store(ClassLoader loader, int capacity) throws ReflectiveOperationException {
      Class<?> type = loader.loadClass(STORE);
      store = type.getConstructor(int.class).newInstance(capacity);
      set = type.getMethod("set", String.class, byte[].class, int.class);
      get = type.getMethod("get", String.class);
      delete = type.getMethod("delete", String.class);
      size = type.getMethod("size");
    }

    boolean set(String key, byte[] value, int flags) throws ReflectiveOperationException {
      return (boolean) set.invoke(store, key, value, flags);
    }

    byte[] get(String key) throws ReflectiveOperationException {
      return (byte[]) get.invoke(store, key);
    }

    boolean delete(String key) throws ReflectiveOperationException {
      return (boolean) delete.invoke(store, key);
    }

    int size() throws ReflectiveOperationException {
      return (int) size.invoke(store);
    }
  }
}
