package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closures whose results and stores are NaNs of JIT-dependent bits ({@code
 * src/test/resources/nan-results}, from an outside trial): the interpreter and compiled code add
 * two NaNs in different orders, so APP and VAL got NaNs with different bits, and compared raw,
 * about one execution in twenty was a detection once the JIT compiled one side. Every NaN is one
 * value to the comparison and to checksums (decision 0060).
 */
class NanResultsTest {

  private static final Path SOURCES = Path.of("src/test/resources/nan-results");
  private static final int CALLS = 20_000;

  @Test
  void nansOfDifferentBitsAreTheSameOutput(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, NanResultsTest::run, 3L * CALLS);
    String box = Builds.generated(out, "nan/Box.java");
    assertTrue(box.contains("returnBits(Double.doubleToLongBits("), "results compared as values");
    assertTrue(box.contains("returnBits(Float.floatToIntBits("), "float results too");
    assertTrue(box.contains("argBits(Double.doubleToRawLongBits("), "arguments logged exactly");
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> type = loader.loadClass("nan.Box");
    Object box = type.getConstructor().newInstance();
    var add = type.getMethod("add", double.class, double.class);
    var addVoid = type.getMethod("addVoid", double.class, double.class);
    var scaled = type.getMethod("scaled", float.class);
    float payload = Float.intBitsToFloat(0x7fc00123);
    double inf = Double.POSITIVE_INFINITY;
    int nans = 0;
    for (int i = 0; i < CALLS; i++) {
      nans += Double.isNaN((double) add.invoke(box, inf, inf)) ? 1 : 0;
      addVoid.invoke(box, inf, inf);
      nans += Float.isNaN((float) scaled.invoke(box, i % 2 == 0 ? Float.NaN : payload)) ? 1 : 0;
    }
    return "NaN results: " + nans;
  }
}
