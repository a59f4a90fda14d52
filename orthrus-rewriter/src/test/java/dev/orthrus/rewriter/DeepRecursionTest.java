package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closure whose helper recurses one frame per level of an unbalanced tree ({@code
 * src/test/resources/deep-recursion}), every execution logged, 2,000 levels deep on the test's
 * thread: the logged variant's frames fit where vanilla's do. Its held links are read and written
 * through fences, not {@code VarHandle}s, whose guards C1 inlined into every frame (decision 0062).
 */
class DeepRecursionTest {

  private static final int KEYS = 2_000;

  @Test
  void aLoggedRecursionTwoThousandFramesDeepValidates(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        Path.of("src/test/resources/deep-recursion"),
        out,
        loader -> {
          Class<?> type = loader.loadClass("deep.Tree");
          Object tree = type.getConstructor().newInstance();
          var insert = type.getMethod("insert", int.class);
          for (int i = 0; i < KEYS; i++) {
            insert.invoke(tree, i);
          }
          return "inserted " + KEYS;
        },
        KEYS);
    String node = Builds.generated(out, "deep/Node.java");
    assertFalse(node.contains("findVarHandle"), node);
    assertTrue(node.contains("VarHandle.releaseFence();\n        this.right = right;"), node);
  }
}
