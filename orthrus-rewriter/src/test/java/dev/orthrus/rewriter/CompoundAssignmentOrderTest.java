package dev.orthrus.rewriter;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compound assignment to a user-data field reads the field before its right operand runs, as Java
 * does, also when the operand writes the field ({@code src/test/resources/compound-order}): the
 * store helper takes the value read first. A receiver a local names may be used as a value ({@code
 * stepped += (self.reset += bump())}); a field is put in a local first, also when a local of
 * another block has its name.
 */
class CompoundAssignmentOrderTest {

  private static final Path SOURCES = Path.of("src/test/resources/compound-order");

  @Test
  void theFieldIsReadBeforeTheRightOperandRuns(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, CompoundAssignmentOrderTest::run, 21);
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> tally = loader.loadClass("order.Tally");
    Object t = tally.getMethod("pair").invoke(null);
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < 20; i++) {
      seen.append(tally.getMethod("run", int.class).invoke(t, i)).append('\n');
    }
    return seen.toString();
  }
}
