package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Consumers in closures that {@code wait()} for items, interrupted while they wait: the
 * guarded-wait idiom with the interrupt caught in the closure, through a helper, or thrown to the
 * caller. The first did not compile (VAL's {@code wait()} became a null check that throws no {@code
 * InterruptedException}, which the {@code catch} names), and a helper's interrupted wait was a
 * detection: VAL, which does not wait, looped on past the loads APP logged. Now an interrupted wait
 * leaves its execution not validated, and VAL may throw what the call may.
 */
class InterruptedWaitTest {

  private static final Path SOURCES = Path.of("src/test/resources/interrupted-waits");

  @Test
  void anInterruptedWaitIsNotValidatedAndNeverADetection(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    String shelf = Builds.generated(out, "waits/Shelf.java");
    assertTrue(
        shelf.contains(
            "Replay.<java.lang.InterruptedException>mayThrowRef(java.util.Objects.requireNonNull(b))"),
        shelf);
    assertTrue(shelf.contains("log.beforeRecorded(b).wait()"), shelf);
    assertTrue(
        shelf.contains(
            "Replay.<java.lang.InterruptedException>mayThrowBits(replay.nondetBits(filled, 5,"),
        shelf);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> boxType = loader.loadClass("waits.Box");
      Class<?> shelfType = loader.loadClass("waits.Shelf");
      Object s = shelfType.getConstructor().newInstance();
      Object box = boxType.getConstructor().newInstance();
      Method put = shelfType.getMethod("put", boxType);
      long taken = 0;
      for (String take : new String[] {"take", "takeThroughHelper", "takeOrThrow", "takeWithin"}) {
        Method m = shelfType.getMethod(take, boxType);
        // 50 items taken while they are there, then a consumer that waits until interrupted.
        for (int i = 0; i < 50; i++) {
          put.invoke(s, box);
          assertEquals(++taken, m.invoke(s, box));
        }
        CompletableFuture<Object> result = new CompletableFuture<>();
        Thread consumer =
            new Thread(
                () -> {
                  try {
                    result.complete(m.invoke(s, box));
                  } catch (InvocationTargetException e) {
                    result.complete(e.getCause());
                  } catch (ReflectiveOperationException e) {
                    result.completeExceptionally(e);
                  }
                },
                "consumer-" + take);
        consumer.start();
        while (consumer.getState() != Thread.State.WAITING
            && consumer.getState() != Thread.State.TIMED_WAITING) {
          Thread.onSpinWait();
        }
        consumer.interrupt();
        Object got = result.get(10, TimeUnit.SECONDS);
        if (take.equals("takeOrThrow")) {
          assertInstanceOf(InterruptedException.class, got);
        } else {
          assertEquals(-1L, got);
        }
      }
      Method pause = shelfType.getMethod("pause", boxType);
      for (int i = 0; i < 20; i++) {
        assertEquals(0L, pause.invoke(s, box));
      }
      assertEquals(taken, boxType.getMethod("taken").invoke(box));
      assertEquals(3L, boxType.getMethod("interrupts").invoke(box));
      // 200 puts, 200 takes and 20 pauses validated; the four interrupted takes not.
      Builds.assertNotValidated(rt, 424, 4, "a recorded call threw");
    } finally {
      rt.close();
    }
  }
}
