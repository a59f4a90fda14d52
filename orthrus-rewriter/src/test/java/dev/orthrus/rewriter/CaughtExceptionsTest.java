package dev.orthrus.rewriter;

import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closure's exception that the caller changes once it caught it ({@code
 * src/test/resources/caught-exceptions}: context appended to the message): validation compares the
 * message as it read when the closure threw (each changed exception was a detection).
 */
class CaughtExceptionsTest {

  private static final Path SOURCES = Path.of("src/test/resources/caught-exceptions");

  @Test
  void anExceptionTheCallerChangesAfterwardsIsComparedAsThrown(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, CaughtExceptionsTest::run, 400);
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> limiter = loader.loadClass("caught.Limiter");
    Object l = limiter.getConstructor().newInstance();
    var take = limiter.getMethod("take", long.class);
    var refill = limiter.getMethod("refill", long.class);
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < 300; i++) {
      try {
        seen.append(take.invoke(l, 1L + i % 7));
      } catch (InvocationTargetException e) {
        Throwable rejected = e.getCause();
        rejected.getClass().getMethod("withContext", String.class).invoke(rejected, " at " + i);
        seen.append(rejected.getMessage());
      }
      seen.append('\n');
      if (i % 3 == 0) {
        refill.invoke(l, 5L);
      }
    }
    return seen.toString();
  }
}
