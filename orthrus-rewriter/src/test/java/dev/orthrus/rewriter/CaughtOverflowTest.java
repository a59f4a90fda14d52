package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closures that catch the {@code StackOverflowError} of their own recursion ({@code
 * src/test/resources/caught-overflow}, from an outside trial): on a 256 KB application stack they
 * overflow and answer otherwise, as the vanilla build does, while a validator on its 64 MB stack
 * would compute the real sum: each was a detection. APP's catch clause now tells the log, and the
 * execution is not validated.
 */
class CaughtOverflowTest {

  private static final int LINKS = 40_000;
  private static final int SUMS = 5;

  @Test
  void aClosureThatCatchesItsOwnOverflowIsNotValidated(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        Path.of("src/test/resources/caught-overflow"),
        out,
        CaughtOverflowTest::run,
        rt -> {
          assertTrue(rt.awaitDrained(60_000));
          assertEquals(0, rt.detections().count(), "no detection on a fault-free run");
          assertEquals(2L * SUMS, rt.notValidatedCount(), "the sums that overflowed");
          assertEquals(rt.publishedCount(), rt.validatedCount() + rt.notValidatedCount());
        });
    String chain = Builds.generated(out, "so/Chain.java");
    assertTrue(chain.contains("log.caught(e);"), chain);
    assertTrue(chain.contains("replay.caught(t);"), chain);
  }

  private static Object run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> type = loader.loadClass("so.Chain");
    Object chain = type.getConstructor().newInstance();
    Method push = type.getMethod("push", long.class);
    for (int i = 0; i < LINKS; i++) {
      push.invoke(chain, (long) i);
    }
    Method fallback = type.getMethod("sumOrFallback");
    Method zero = type.getMethod("sumOrZero");
    AtomicReference<Object> result = new AtomicReference<>();
    Thread small =
        new Thread(
            null,
            () -> {
              StringBuilder sums = new StringBuilder();
              try {
                for (int i = 0; i < SUMS; i++) {
                  sums.append(fallback.invoke(chain)).append(' ').append(zero.invoke(chain));
                }
              } catch (IllegalAccessException | InvocationTargetException e) {
                result.set(e);
                return;
              }
              result.set(sums.toString());
            },
            "small-stack",
            256 * 1024);
    small.start();
    try {
      small.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    return result.get();
  }
}
