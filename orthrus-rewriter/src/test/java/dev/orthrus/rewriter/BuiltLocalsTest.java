package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A method that fills in an object it just made, through a local ({@code Maker m = new Maker();
 * m.currency = c;}), builds it as a constructor would ({@code src/test/resources/built-locals}):
 * the helper's fields are not shared, so the factory has no variants, and a user-data class's field
 * initializer may call it (outside trial 8: the build refused the initializer). A write through a
 * local that holds an object made elsewhere ({@code Maker m = LAST; m.cents = c;}) still makes the
 * field shared, and the initializer's call is refused again ({@code built-locals-reused}).
 */
class BuiltLocalsTest {

  private static final Path SOURCES = Path.of("src/test/resources/built-locals");

  @Test
  void aFactoryFillingInANewHelperIsNotSharedState(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES, out, loader -> loader.loadClass("till.Till").getMethod("run").invoke(null), 301);
    String money = Builds.generated(out, "till/Money.java");
    assertFalse(money.contains("ofApp("), money);
    assertTrue(money.contains("Maker m = new Maker();"), money);
  }

  @Test
  void aHelperFilledInThroughAnotherReferenceStaysShared(@TempDir Path out) {
    InstrumentException e =
        assertThrows(
            InstrumentException.class,
            () -> Builds.instrument(Path.of("src/test/resources/built-locals-reused"), out));
    assertTrue(
        e.getMessage().contains("a constructor of a user-data class that calls of"),
        e.getMessage());
  }
}
