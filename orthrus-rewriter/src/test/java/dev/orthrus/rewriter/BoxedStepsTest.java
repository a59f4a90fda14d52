package dev.orthrus.rewriter;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Boxed user-data fields stepped by {@code ++}, {@code --} and compound assignments ({@code
 * src/test/resources/boxed-steps}): a {@code Character}, {@code Short} or {@code Byte} field's new
 * value is computed through its primitive (the generated store did not compile).
 */
class BoxedStepsTest {

  private static final Path SOURCES = Path.of("src/test/resources/boxed-steps");

  @Test
  void boxedFieldsStepAsInTheVanillaProgram(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, BoxedStepsTest::run, 60);
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> counters = loader.loadClass("boxed.Counters");
    Object c = counters.getConstructor().newInstance();
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < 30; i++) {
      seen.append(counters.getMethod("step", int.class).invoke(c, i)).append(' ');
      seen.append(counters.getMethod("back").invoke(c)).append('\n');
    }
    return seen.toString();
  }
}
