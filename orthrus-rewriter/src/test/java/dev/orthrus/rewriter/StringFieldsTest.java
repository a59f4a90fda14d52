package dev.orthrus.rewriter;

import java.lang.reflect.Method;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compound assignments to a {@code String} user-data field ({@code src/test/resources/strings}),
 * the null literal among their operands: the build succeeds (it failed with a parser exception on
 * the helper's {@code <nulltype>} parameter) and computes what the vanilla build computes.
 */
class StringFieldsTest {

  private static final Path SOURCES = Path.of("src/test/resources/strings");

  @Test
  void aNullOperandOfStringConcatenationOnAFieldBuildsAndRuns(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, StringFieldsTest::run, 20);
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> note = loader.loadClass("notes.Note");
    Object n = note.getConstructor().newInstance();
    Method append = note.getMethod("append", String.class, int.class);
    String last = null;
    for (int i = 0; i < 20; i++) {
      last = (String) append.invoke(n, "x", i);
    }
    return last;
  }
}
