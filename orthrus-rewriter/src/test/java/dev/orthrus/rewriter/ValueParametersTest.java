package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closure's parameter of a user-data class with final fields only ({@code
 * src/test/resources/value-parameters}): the class is a value, not versioned, so the closure has
 * nothing in place to check on entry. The generated code called the check anyway and did not
 * compile, and the compile error was explained as a field named {@code ControlPath} (outside trial
 * 9).
 */
class ValueParametersTest {

  private static final Path SOURCES = Path.of("src/test/resources/value-parameters");

  @Test
  void aParameterOfFinalOnlyUserDataBuildsAndValidates(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES, out, loader -> loader.loadClass("tags.Box").getMethod("run").invoke(null), 10);
    String box = Builds.generated(out, "tags/Box.java");
    assertFalse(box.contains("ControlPath.verify(t)"), box);
  }
}
