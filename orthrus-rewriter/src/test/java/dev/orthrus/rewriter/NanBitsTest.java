package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closures that read the raw bits of a NaN they computed ({@code src/test/resources/nan-bits}, from
 * an outside trial): {@code Double.doubleToRawLongBits}, {@code Float.floatToRawIntBits}, a
 * buffer's {@code putDouble} and {@code putFloat} and its views' {@code put}, in the closure and in
 * a helper. Which NaN the sum is depends on the code the JIT made, so comparing NaNs as one value
 * (decision 0060) does not help once the closure turned the NaN into a {@code long} or bytes: VAL
 * takes APP's bits of a NaN from the log (decision 0061). Before, about one execution in 300 was a
 * detection.
 */
class NanBitsTest {

  private static final Path SOURCES = Path.of("src/test/resources/nan-bits");
  private static final int CALLS = 20_000;

  @Test
  void theRawBitsOfANanAreAppsInTheValidator(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, NanBitsTest::run, 5L * CALLS);
    String box = Builds.generated(out, "nan/Box.java");
    assertTrue(box.contains(".putLong(log.rawDoubleBits(log.load(this).base"), "APP's buffer");
    assertTrue(box.contains(".putInt(8, replay.rawFloatBits(replay.load(this).small"), "VAL's");
    assertTrue(box.contains("^ log.rawFloatBits(log.load(this).small"), "floatToRawIntBits");
    assertTrue(
        box.contains(".asDoubleBuffer().put(Double.longBitsToDouble(replay.rawDoubleBits("),
        "a view's put");
    assertTrue(box.contains("Bits.ofVal(replay, "), "the helper has variants");
    assertTrue(box.contains("putDouble(this.lv$base()"), "the plain variant is the program's");
    String bits = Builds.generated(out, "nan/Bits.java");
    assertTrue(bits.contains("return replay.rawDoubleBits(d);"), bits);
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> type = loader.loadClass("nan.Box");
    Object box = type.getConstructor().newInstance();
    Method encode = type.getMethod("encode", double.class, double.class);
    Method encodeViews = type.getMethod("encodeViews", double.class, double.class);
    Method keepBits = type.getMethod("keepBits", double.class, double.class);
    Method mixed = type.getMethod("mixed", double.class, double.class);
    Method plain = type.getMethod("plain", double.class);
    double inf = Double.POSITIVE_INFINITY;
    long sum = 0;
    for (int i = 0; i < CALLS; i++) {
      sum += Arrays.hashCode((byte[]) encode.invoke(box, inf, inf)) == 0 ? 0 : 1;
      sum += Arrays.hashCode((byte[]) encodeViews.invoke(box, inf, inf)) == 0 ? 0 : 1;
      keepBits.invoke(box, inf, inf);
      sum += (long) mixed.invoke(box, inf, inf) == 0 ? 0 : 1;
      sum += (long) plain.invoke(box, (double) i);
    }
    return "sum " + sum;
  }
}
