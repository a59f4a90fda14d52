package dev.orthrus.rewriter;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recorded calls that run the closure's own code back ({@code src/test/resources/callbacks}): a
 * helper the closure made holds a priority queue, or a comparator, built from a lambda that reads
 * user data (and a list it sorts by such a comparator, a void call); its calls on them are
 * recorded, so VAL never makes them, and the lambda's loads in APP must not be logged (every
 * execution was a detection, {@code LOAD_DIVERGED}).
 */
class RecordedCallbacksTest {

  private static final Path SOURCES = Path.of("src/test/resources/callbacks");

  @Test
  void whatARecordedCallRunsBackIsNotLogged(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, RecordedCallbacksTest::run, 600);
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> board = loader.loadClass("jobs.Board");
    Object b = board.getConstructor().newInstance();
    var top = board.getMethod("top", int.class);
    var best = board.getMethod("runBest");
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < 200; i++) {
      seen.append(top.invoke(b, 1 + i % 3)).append('|').append(best.invoke(b));
      seen.append('|').append(board.getMethod("sorted").invoke(b)).append('\n');
    }
    return seen.toString();
  }
}
