package dev.orthrus.rewriter;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program (a test over locales) that changes the default locale and time zone between closure
 * calls: the validator formatted with the default it found when it ran, and reported {@code
 * expected 410,00, actual 410.00} on a fault-free run, 859 detections in 1,600 executions of an
 * outside trial's test. What reads the default locale or zone (formatting and case mapping without
 * a {@code Locale}, the default zone, a formatter made for the default locale) is recorded.
 */
class DefaultLocaleTest {

  private static final Path SOURCES = Path.of("src/test/resources/default-locale");

  @Test
  void formattingWithTheDefaultLocaleIsRecorded(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> loader.loadClass("prices.Till").getMethod("drive", int.class).invoke(null, 300),
        1_500);
  }
}
