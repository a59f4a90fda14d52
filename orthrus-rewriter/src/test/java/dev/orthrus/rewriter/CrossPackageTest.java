package dev.orthrus.rewriter;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * User data used from another package ({@code src/test/resources/cross-package}): protected fields,
 * a reference to user data among them, used by subclasses in another package (with and without
 * fields of their own), and public fields used by closures of another package. The generated
 * accessors, slot constants and version fields are as reachable as the fields are (the build
 * failed: they were package-private, or protected in the version class).
 */
class CrossPackageTest {

  private static final Path SOURCES = Path.of("src/test/resources/cross-package");

  @Test
  void fieldsUsedFromAnotherPackageComputeWhatVanillaDoes(@TempDir Path out) throws Exception {
    int rounds = 60;
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> loader.loadClass("b.Ops").getMethod("run", int.class).invoke(null, rounds),
        rounds * 4L);
  }
}
