package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An enum whose constructor, instance initializer and instance field initializer call a closure
 * ({@code src/test/resources/enum-sites}): Java forbids them to read the enum's static fields, and
 * the call sites the rewriter declared there made the protected build fail to compile ("illegal
 * reference to static field from initializer"). Their sites live in a nested class of the enum.
 */
class EnumSitesTest {

  private static final Path SOURCES = Path.of("src/test/resources/enum-sites");

  @Test
  void closuresCalledWhileAnEnumsConstantsAreMadeCompileAndValidate(@TempDir Path out)
      throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> loader.loadClass("lv.Ops").getMethod("drive", int.class).invoke(null, 50),
        150);
    String generated = Builds.generated(out, "lv/Level.java");
    assertTrue(generated.contains("class Sites$"), generated);
  }
}
