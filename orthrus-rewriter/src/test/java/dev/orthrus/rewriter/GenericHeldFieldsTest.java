package dev.orthrus.rewriter;

import java.lang.reflect.Method;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user-data field whose type is a generic user-data class with an argument ({@code Box<String>
 * box}, {@code src/test/resources/generics}): the generated accessors keep the argument, so that
 * {@code box.value} is a {@code String} in the variants (the build failed with "Object cannot be
 * converted to String" when they used the raw type), and the protected build computes what the
 * vanilla build computes.
 */
class GenericHeldFieldsTest {

  private static final Path SOURCES = Path.of("src/test/resources/generics");

  @Test
  void aHeldFieldOfAParameterizedUserDataTypeBuildsAndRuns(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, GenericHeldFieldsTest::run, 30);
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> shelf = loader.loadClass("boxes.Shelf");
    Object s = shelf.getConstructor().newInstance();
    Method swap = shelf.getMethod("swap", String.class);
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < 30; i++) {
      seen.append(swap.invoke(s, "v" + i)).append(',');
    }
    return seen.toString();
  }
}
