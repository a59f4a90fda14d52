package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recorded call that throws ({@code src/test/resources/callbacks-throw}): a priority queue a
 * helper of the closure holds, ordered by a lambda that reads user data and throws for a negative
 * weight, fails inside the closure's own code, and the closure catches the exception and goes on.
 * VAL takes recorded calls' results from the log and cannot throw there, and the lambda's loads
 * stayed in the log: every such execution was a detection ({@code LOAD_DIVERGED}). It is not
 * validated; the executions whose recorded calls all returned still are.
 */
class ThrowingCallbacksTest {

  private static final Path SOURCES = Path.of("src/test/resources/callbacks-throw");
  private static final int CALLS = 200;

  @Test
  void anExecutionWhoseRecordedCallThrewIsNotValidatedAndNeverADetection(@TempDir Path out)
      throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        ThrowingCallbacksTest::run,
        rt -> {
          assertTrue(rt.awaitDrained(60_000), "validators drain the logs");
          assertEquals(0, rt.detections().count(), "no detection on a fault-free run");
          assertEquals(CALLS, rt.publishedCount());
          assertEquals(CALLS / 2, rt.validatedCount(), "the lenient executions");
          assertEquals(CALLS / 2, rt.notValidatedCount(), "the strict ones, whose queue threw");
        });
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> pool = loader.loadClass("tasks.Pool");
    Object p = pool.getConstructor().newInstance();
    var rank = pool.getMethod("rank", boolean.class);
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < CALLS; i++) {
      seen.append(rank.invoke(p, i % 2 == 0)).append('\n');
    }
    return seen.toString();
  }
}
