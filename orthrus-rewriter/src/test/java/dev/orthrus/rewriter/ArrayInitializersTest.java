package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.rewriter.compile.Javac;
import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.Detection;
import java.lang.reflect.InvocationTargetException;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * User-data arrays of references made with initializers ({@code
 * src/test/resources/array-initializers}): {@code Swatch[] swatches = {a, b}} in a declaration,
 * {@code new String[] {...}} for an {@code Object[]} field, {@code swatches = new Swatch[] {...}}
 * in a closure. They compute what the vanilla build computes, every execution validates, a narrower
 * array refuses a store as the JVM's does, and an element APP computed wrongly is detected: the
 * slots an initializer fills are compared as a store's are.
 */
class ArrayInitializersTest {

  private static final Path SOURCES = Path.of("src/test/resources/array-initializers");

  @Test
  void arraysMadeWithInitializersComputeAsVanillaAndValidate(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, ArrayInitializersTest::run, 1_500);
  }

  @Test
  void aWrongElementIsDetected(@TempDir Path out) throws Exception {
    InstrumentResult result = Builds.instrument(SOURCES, out);
    Path palette =
        result.generatedSources().stream()
            .filter(p -> p.endsWith(Path.of("palette", "Palette.java")))
            .findFirst()
            .orElseThrow();
    String text = Files.readString(palette, StandardCharsets.UTF_8);
    int app = text.indexOf("long resetApp(");
    String healthy = "log.allocate(new Swatch(b))";
    int at = text.indexOf(healthy, app);
    assertTrue(app > 0 && at > app, "resetApp fills the new array's slots from an initializer");
    Files.writeString(
        palette,
        text.substring(0, at)
            + "log.allocate(new Swatch(b ^ 1))"
            + text.substring(at + healthy.length()),
        StandardCharsets.UTF_8);
    Path faulty = out.resolve("faulty");
    Javac.compile(result.generatedSources(), Builds.classPath(), 17, faulty);

    List<Detection> found = new CopyOnWriteArrayList<>();
    OrthrusRuntime rt = Builds.detecting(found, out.resolve("reproducers"));
    try (URLClassLoader loader = Builds.loader(faulty)) {
      Class<?> type = loader.loadClass("palette.Palette");
      Object p = type.getConstructor().newInstance();
      type.getMethod("reset", int.class, int.class).invoke(p, 3, 4);
      assertTrue(rt.awaitDrained(10_000));
      assertEquals(1, found.size(), found::toString);
      assertEquals("reset", found.get(0).closureName());
    } finally {
      rt.close();
    }
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> type = loader.loadClass("palette.Palette");
    Object p = type.getConstructor().newInstance();
    StringBuilder seen = new StringBuilder();
    seen.append(type.getMethod("sum").invoke(p)).append('\n');
    InvocationTargetException refused =
        assertThrows(
            InvocationTargetException.class,
            () -> type.getMethod("tag", int.class).invoke(p, -7),
            "an Integer stored into the String[] the field was made with");
    assertEquals(ArrayStoreException.class, refused.getCause().getClass());
    seen.append(type.getMethod("tag", int.class).invoke(p, 7)).append('\n');
    long x = 0;
    for (int i = 0; i < 500; i++) {
      x += (long) type.getMethod("reset", int.class, int.class).invoke(p, i, i + 1);
      x += (long) type.getMethod("sum").invoke(p);
      x += (long) type.getMethod("fresh", int.class).invoke(null, i);
    }
    return seen.append(x).toString();
  }
}
