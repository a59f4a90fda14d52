package dev.orthrus.rewriter;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * User-data array fields made with a narrower element type than the field's ({@code Object[] names
 * = new String[4]}, {@code src/test/resources/narrowed-arrays}): a store of another type throws
 * {@code ArrayStoreException} with the JVM's message, in every variant, as in the vanilla program
 * (the versioned array took any object, so the program's results changed).
 */
class NarrowedArraysTest {

  private static final Path SOURCES = Path.of("src/test/resources/narrowed-arrays");

  @Test
  void storesOfAnotherTypeAreRefusedAsTheJvmRefusesThem(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, NarrowedArraysTest::run, 63);
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> slots = loader.loadClass("narrowed.Slots");
    Object s = slots.getConstructor().newInstance();
    var set = slots.getMethod("set", int.class, Integer.class, String.class);
    var note = slots.getMethod("note", int.class, boolean.class);
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < 20; i++) {
      seen.append(set.invoke(s, i % 4, i % 3 == 0 ? Integer.valueOf(i) : null, "t" + i));
      seen.append(' ').append(note.invoke(s, i, i % 2 == 0)).append('\n');
    }
    seen.append(slots.getMethod("show").invoke(s)).append('\n');
    slots.getMethod("widen").invoke(s);
    for (int i = 0; i < 20; i++) {
      seen.append(set.invoke(s, i % 4, i % 3 == 0 ? Integer.valueOf(i) : null, "t" + i));
    }
    return seen.append(slots.getMethod("show").invoke(s)).toString();
  }
}
