package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.orthrus.runtime.OrthrusRuntime;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.Lock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closure whose body locks, with {@code synchronized (this)} or a {@code ReentrantLock}, called
 * by a thread that holds the same monitor or lock: the validator must not take it (it would wait
 * for the caller, which waits for the validation), and the closure still validates.
 */
class SynchronizedBlocksTest {

  private static final Path SOURCES = Path.of("src/test/resources/synchronized-blocks");

  @Test
  void theValidatorNeverEntersTheApplicationsMonitor(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    String val = addVal(out, "Counter");
    assertFalse(val.contains("synchronized"), val);
    addsWhileTheCallerHolds(
        out,
        "locks.Counter",
        (counter, calls) -> {
          synchronized (counter) {
            return calls.call();
          }
        });
  }

  @Test
  void theValidatorNeverTakesTheApplicationsLock(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    String val = addVal(out, "Guarded");
    assertFalse(val.contains("LOCK.lock()") || val.contains("LOCK.unlock()"), val);
    addsWhileTheCallerHolds(
        out,
        "locks.Guarded",
        (guarded, calls) -> {
          Lock lock = (Lock) guarded.getClass().getField("LOCK").get(null);
          lock.lock();
          try {
            return calls.call();
          } finally {
            lock.unlock();
          }
        });
  }

  /** The generated VAL variant of {@code add} in {@code locks.<type>}. */
  private static String addVal(Path out, String type) throws IOException {
    String generated = Builds.generated(out, "locks/" + type + ".java");
    String val = generated.substring(generated.indexOf("long addVal("));
    return val.substring(0, val.indexOf("\n    }\n"));
  }

  /** How the calling thread holds the closure's lock around the calls. */
  private interface Holding {
    long around(Object target, Callable<Long> calls) throws Exception;
  }

  /**
   * Calls {@code add(1..2000)} on a new {@code type} while the caller holds its lock, and checks
   * the sum and that every execution validated.
   */
  private static void addsWhileTheCallerHolds(Path out, String type, Holding holding)
      throws Exception {
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> c = loader.loadClass(type);
      Object target = c.getConstructor().newInstance();
      Method add = c.getMethod("add", long.class);
      long total =
          holding.around(
              target,
              () -> {
                long last = 0;
                for (int i = 1; i <= 2_000; i++) {
                  last = (long) add.invoke(target, (long) i);
                }
                return last;
              });
      assertEquals(2_000L * 2_001 / 2, total);
      Builds.assertAllValidated(rt, 2_000);
    } finally {
      rt.close();
    }
  }
}
