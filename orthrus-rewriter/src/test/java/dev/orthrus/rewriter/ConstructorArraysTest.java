package dev.orthrus.rewriter;

import java.lang.reflect.Method;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user-data constructor that fills the primitive array it allocated ({@code xs = new int[n];
 * xs[i] = i * i}, {@code src/test/resources/ctorarrays}): the object's first version is published
 * at the constructor's end, so the processor lets it through (trial 6 had it refused), and the
 * protected build computes what the vanilla build computes.
 */
class ConstructorArraysTest {

  private static final Path SOURCES = Path.of("src/test/resources/ctorarrays");

  @Test
  void aConstructorFillingItsOwnNewArrayBuildsAndRuns(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, ConstructorArraysTest::run, 40);
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> squares = loader.loadClass("squares.Squares");
    Method sum = squares.getMethod("sum");
    Method grow = squares.getMethod("grow", int.class);
    StringBuilder seen = new StringBuilder();
    for (int n = 1; n <= 20; n++) {
      Object s = squares.getConstructor(int.class).newInstance(n);
      grow.invoke(s, n);
      seen.append(sum.invoke(s)).append(',');
    }
    return seen.toString();
  }
}
