package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Generic user-data classes with mutable fields ({@code src/test/resources/generic-userdata}),
 * refused before: the version is an inner class whose fields keep the class's type variables, and
 * its static checksum methods take such fields as {@code Object}. Closures with concrete type
 * arguments compute what the vanilla build computes, every execution validated.
 */
class GenericUserDataTest {

  private static final Path SOURCES = Path.of("src/test/resources/generic-userdata");

  @Test
  void theVersionOfAGenericClassIsAnInnerClass(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    String cell = Builds.generated(out, "gen/Cell.java");
    assertTrue(cell.contains("extends InPlaceObject<Cell<T>.V>"), cell);
    assertTrue(cell.contains("final class V extends Version"), cell);
    assertTrue(cell.contains("static int checksumOf(Object value, long writes)"), cell);
  }

  @Test
  void closuresOverGenericUserDataComputeWhatVanillaDoes(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> loader.loadClass("gen.Driver").getMethod("run", int.class).invoke(null, 300),
        300 * 3);
  }
}
