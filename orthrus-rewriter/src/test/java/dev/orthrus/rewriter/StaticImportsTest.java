package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closure that calls another class's closure or helper through a single static import ({@code
 * import static imports.Mix.mix}, {@code src/test/resources/static-imports}): the variants' calls
 * name the class, since the import does not bring {@code mixApp} (the generated source did not
 * compile).
 */
class StaticImportsTest {

  @Test
  void variantsOfStaticallyImportedMethodsAreCalledThroughTheirClass(@TempDir Path out)
      throws Exception {
    Builds.assertSameAsVanilla(
        Path.of("src/test/resources/static-imports"), out, StaticImportsTest::run, 30);
    String generated = Builds.generated(out, "imports/Ledger.java");
    assertTrue(generated.contains("Mix.mixApp(log, "), generated);
    assertTrue(generated.contains("Acc.bumpVal(replay, "), generated);
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> ledger = loader.loadClass("imports.Ledger");
    Object l = ledger.getConstructor().newInstance();
    Method both = ledger.getMethod("both", long.class);
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < 30; i++) {
      seen.append(both.invoke(l, (long) i)).append('\n');
    }
    return seen.toString();
  }
}
