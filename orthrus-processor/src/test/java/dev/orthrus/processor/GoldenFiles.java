package dev.orthrus.processor;

import static com.google.common.truth.Truth.assertWithMessage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Golden files under {@code src/test/resources/golden/<suite>/{before,after}} ({@code before} may
 * instead be a sample's sources, see {@link #sources}). Run the tests with {@code
 * -Dorthrus.updateGoldens=true} to rewrite the {@code after} files when a change is intended, then
 * review the diff.
 */
public final class GoldenFiles {

  public static final Path ROOT = Paths.get("src", "test", "resources", "golden");

  private GoldenFiles() {}

  public static boolean updating() {
    return Boolean.getBoolean("orthrus.updateGoldens");
  }

  /** Samples whose real sources are a suite's {@code before}, so the goldens follow the sample. */
  public static final Path SAMPLES = Paths.get("..", "samples");

  /**
   * The {@code before} sources of a suite, sorted: {@code golden/<suite>/before}, or for a suite
   * named after a sample, that sample's {@code src/main/java}.
   */
  public static List<Path> sources(String suite) {
    Path before = ROOT.resolve(suite).resolve("before");
    Path folder =
        Files.isDirectory(before) ? before : SAMPLES.resolve(suite).resolve("src/main/java");
    try (Stream<Path> files = Files.walk(folder)) {
      return files
          .filter(p -> p.toString().endsWith(".java"))
          .sorted()
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Compares {@code actual} with {@code after/<name>}, or rewrites that file when updating. */
  public static void check(String suite, String name, String actual) {
    Path golden = ROOT.resolve(suite).resolve("after").resolve(name);
    try {
      if (updating()) {
        Files.createDirectories(golden.getParent());
        Files.writeString(golden, actual, StandardCharsets.UTF_8);
        return;
      }
      assertWithMessage("golden file %s is missing; run with -Dorthrus.updateGoldens=true", golden)
          .that(Files.exists(golden))
          .isTrue();
      assertWithMessage(
              "%s differs from its golden file (rerun with -Dorthrus.updateGoldens=true if intended)",
              golden)
          .that(actual)
          .isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
