package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A method that fills in an object it just made, through a local ({@code Maker m = new Maker();
 * m.currency = c;}), builds it as a constructor would ({@code src/test/resources/built-locals}):
 * the helper's fields are not shared, so the factory has no variants, and a user-data class's field
 * initializer may call it (outside trial 8: the build refused the initializer). A write through a
 * local that holds an object made elsewhere ({@code Maker m = LAST; m.cents = c;}) still makes the
 * field shared, and the initializer's call is refused again.
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
  void aHelperFilledInThroughAnotherReferenceStaysShared(@TempDir Path out) throws IOException {
    Path sources = out.resolve("reused");
    Path money = sources.resolve("till/Money.java");
    Files.createDirectories(money.getParent());
    Files.copy(SOURCES.resolve("till/Till.java"), sources.resolve("till/Till.java"));
    Files.writeString(
        money,
        Files.readString(SOURCES.resolve("till/Money.java"))
            .replace(
                "  public static Money of(",
                """
                  static final Maker LAST = new Maker();

                  public static long remember(long cents) {
                    Maker m = LAST;
                    m.cents = cents;
                    return m.cents;
                  }

                  public static Money of(\
                """));
    InstrumentException e =
        assertThrows(
            InstrumentException.class, () -> Builds.instrument(sources, out.resolve("built")));
    assertTrue(
        e.getMessage().contains("a constructor of a user-data class that calls of"),
        e.getMessage());
  }
}
