package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Overridable methods that take values, reached from a closure in the shapes programs use them (a
 * template method calling an abstract and an overridable step, subclasses of the sources overriding
 * again, an anonymous subclass, recursion, a generic class, an interface's default method, a lambda
 * as the implementation): with their variants and the check of the object's class (decision 0098),
 * the protected build computes what the vanilla one does and every execution is validated without a
 * detection.
 */
class OverridableHelpersTest {

  @Test
  void overridableHelpersComputeAsVanillaAndValidate(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        Path.of("src/test/resources/overridable-helpers"),
        out,
        loader -> loader.loadClass("rules.Main").getMethod("run").invoke(null),
        300);
    String book = Builds.generated(out, "rules/Book.java");
    assertTrue(book.contains("Rule.applyApp$(log, r, x) + Rule.depthApp$(log, r, x % 50)"), book);
    assertTrue(
        book.contains("Scale.scaledApp$(log, scale, x) + Box.weightApp$(log, box, (int) (x % 10))"),
        book);
  }
}
