package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decision 0074: the Math functions the processor notes as math-intrinsic stay Math calls in every
 * variant, so the protected program computes every bit the vanilla one does, and validators that
 * run them interpreted while the application runs them compiled (or the other way round) agree.
 */
class MathCallsTest {

  private static final Path SOURCES = Path.of("src/test/resources/math-calls");

  @Test
  void mathCallsAreValidatedAsWrittenAndGiveVanillasBits(@TempDir Path out) throws Exception {
    int n = 20_000;
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> loader.loadClass("fn.Driver").getMethod("run", int.class).invoke(null, n),
        n);
    String series = Builds.generated(out, "fn/Series.java");
    assertFalse(series.contains("StrictMath"), series);
  }
}
