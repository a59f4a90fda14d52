package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.api.ChecksumMismatchException;
import dev.orthrus.runtime.api.Orthrus;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user-data object's primitive arrays keep the value hash computed when they were stored ({@code
 * src/test/resources/array-hashes}): a store of another field folds that hash into the checksum
 * instead of walking the array again (it walked all of it on every store). The checksums stay right
 * through stores of scalars, replaced arrays and stores of both (the control-path check of every
 * {@code total(s)} passes, and the results are vanilla's, logged or not), and an array changed in
 * place is still caught, also after a store of another field.
 */
class ArrayHashesTest {

  private static final Path SOURCES = Path.of("src/test/resources/array-hashes");

  @Test
  void storesKeepTheChecksumsRight(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, ArrayHashesTest::run, 1_200);
    String generated = Files.readString(out.resolve("generated/series/Series.java"));
    assertTrue(
        generated.contains("endStore(token, V.checksumOfHashed(this.data$hash, this.ticks,"),
        "a plain store folds the kept hashes");
    assertTrue(
        generated.contains("public long arrayBytes()"),
        "a version says what its arrays keep alive while a log holds it");
  }

  @Test
  void anArrayChangedInPlaceIsStillCaught(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    Orthrus.install(Orthrus.validationOff());
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> type = loader.loadClass("series.Series");
      Object s = type.getConstructor(int.class).newInstance(64);
      Method tick = type.getMethod("tick");
      Method total = type.getMethod("total", type);
      tick.invoke(s);
      total.invoke(null, s);
      Field data = type.getDeclaredField("data");
      data.setAccessible(true);
      ((int[]) data.get(s))[7] ^= 1 << 3; // a flipped bit in memory
      tick.invoke(s); // a store of another field does not take the flip in
      InvocationTargetException e =
          assertThrows(InvocationTargetException.class, () -> total.invoke(null, s));
      assertInstanceOf(ChecksumMismatchException.class, e.getCause());
    }
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> type = loader.loadClass("series.Series");
    Object s = type.getConstructor(int.class).newInstance(256);
    Method tick = type.getMethod("tick");
    Method put = type.getMethod("put", int.class, int.class);
    Method reweigh = type.getMethod("reweigh", double.class);
    Method total = type.getMethod("total", type);
    long h = 0;
    for (int i = 0; i < 500; i++) {
      h += (long) tick.invoke(s);
      if (i % 3 == 0) {
        h += (int) put.invoke(s, i, i * 7);
      }
      if (i % 5 == 0) {
        reweigh.invoke(s, i / 10.0);
      }
      h = h * 31 + (long) total.invoke(null, s);
    }
    return Long.toString(h);
  }
}
