package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.orthrus.runtime.OrthrusRuntime;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
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
    String generated = Files.readString(out.resolve("generated/locks/Counter.java"));
    String val = generated.substring(generated.indexOf("long addVal("));
    val = val.substring(0, val.indexOf("\n    }\n"));
    assertFalse(val.contains("synchronized"), val);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> type = loader.loadClass("locks.Counter");
      Object counter = type.getConstructor().newInstance();
      var add = type.getMethod("add", long.class);
      long total = 0;
      synchronized (counter) {
        for (int i = 1; i <= 2_000; i++) {
          total = (long) add.invoke(counter, (long) i);
        }
      }
      assertEquals(2_000L * 2_001 / 2, total);
      Builds.assertAllValidated(rt, 2_000);
    } finally {
      rt.close();
    }
  }

  @Test
  void theValidatorNeverTakesTheApplicationsLock(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    String generated = Files.readString(out.resolve("generated/locks/Guarded.java"));
    String val = generated.substring(generated.indexOf("long addVal("));
    val = val.substring(0, val.indexOf("\n    }\n"));
    assertFalse(val.contains("LOCK.lock()") || val.contains("LOCK.unlock()"), val);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> type = loader.loadClass("locks.Guarded");
      Object guarded = type.getConstructor().newInstance();
      var add = type.getMethod("add", long.class);
      var lock = (java.util.concurrent.locks.Lock) type.getField("LOCK").get(null);
      long total = 0;
      lock.lock();
      try {
        for (int i = 1; i <= 2_000; i++) {
          total = (long) add.invoke(guarded, (long) i);
        }
      } finally {
        lock.unlock();
      }
      assertEquals(2_000L * 2_001 / 2, total);
      Builds.assertAllValidated(rt, 2_000);
    } finally {
      rt.close();
    }
  }
}
