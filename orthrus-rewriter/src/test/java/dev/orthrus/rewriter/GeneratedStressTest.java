package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The false-alarm stress of {@code orthrus stress}, on generated code: threads share one generated
 * golden map, tree and accumulator with no lock (as the stress driver shares the hand-written
 * ones), so closures race on the same versions, and every execution is logged. A race on one field
 * may lose an update, as it would in the vanilla program; what it must never do is make a validator
 * disagree. Any detection is a false alarm.
 */
class GeneratedStressTest {

  private static final Path SOURCES = Path.of("../orthrus-goldens/src/main/java");
  private static final int THREADS = 4;
  private static final int OPERATIONS_PER_THREAD = 15_000;

  @Test
  void racingClosuresOnSharedGeneratedUserDataRaiseNoAlarm(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Shared shared = new Shared(loader);
      AtomicReference<Throwable> failure = new AtomicReference<>();
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        SplittableRandom random = new SplittableRandom(1_000 + t);
        Thread thread =
            new Thread(
                () -> {
                  try {
                    shared.work(random);
                  } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                  }
                },
                "generated-stress-" + t);
        threads.add(thread);
        thread.start();
      }
      for (Thread thread : threads) {
        thread.join();
      }
      assertNull(failure.get(), () -> "a stress thread failed: " + failure.get());
      // A store that found another thread's newer version rebuilt its version from it (so that
      // neither store is lost) and its execution is not validated (ClosureLog.raced); every other
      // execution is validated, and none is a detection.
      assertTrue(rt.awaitDrained(60_000), "validators drain the logs");
      assertEquals(0, rt.detections().count(), "no detection on a fault-free run");
      assertEquals(rt.publishedCount(), rt.validatedCount() + rt.notValidatedCount());
      assertTrue(
          rt.validatedCount() >= rt.publishedCount() * 95 / 100,
          () -> rt.validatedCount() + " of " + rt.publishedCount() + " validated");
      assertEquals(
          (long) THREADS * OPERATIONS_PER_THREAD,
          rt.publishedCount(),
          "one execution per operation");
    } finally {
      rt.close();
    }
  }

  /** The generated objects all threads share, and handles on their closures. */
  private static final class Shared {
    private final Object map;
    private final Object tree;
    private final Object fp;
    private final MethodHandle get;
    private final MethodHandle set;
    private final MethodHandle delete;
    private final MethodHandle insert;
    private final MethodHandle scan;
    private final MethodHandle add;

    Shared(ClassLoader loader) throws ReflectiveOperationException {
      MethodHandles.Lookup lookup = MethodHandles.publicLookup();
      Class<?> mapType = loader.loadClass("golden.kvmap.KvMap");
      Class<?> treeType = loader.loadClass("golden.tree.TreeIndex");
      Class<?> fpType = loader.loadClass("golden.fp.FpAccumulator");
      map = mapType.getConstructor(int.class).newInstance(64);
      tree = treeType.getConstructor().newInstance();
      fp = fpType.getConstructor().newInstance();
      get = lookup.findVirtual(mapType, "get", MethodType.methodType(byte[].class, String.class));
      set =
          lookup.findVirtual(
              mapType,
              "set",
              MethodType.methodType(boolean.class, String.class, byte[].class, int.class));
      delete =
          lookup.findVirtual(mapType, "delete", MethodType.methodType(boolean.class, String.class));
      insert =
          lookup.findVirtual(
              treeType, "insert", MethodType.methodType(boolean.class, long.class, long.class));
      scan =
          lookup.findVirtual(
              treeType, "scan", MethodType.methodType(long[].class, long.class, int.class));
      add = lookup.findVirtual(fpType, "add", MethodType.methodType(double.class, double[].class));
    }

    /** The stress driver's mix, on a key space small enough that threads collide. */
    void work(SplittableRandom random) throws Throwable {
      for (int i = 0; i < OPERATIONS_PER_THREAD; i++) {
        int op = random.nextInt(100);
        String key = "k" + random.nextInt(128);
        if (op < 35) {
          get.invoke(map, key);
        } else if (op < 65) {
          set.invoke(map, key, ("v" + random.nextLong()).getBytes(StandardCharsets.UTF_8), op);
        } else if (op < 75) {
          delete.invoke(map, key);
        } else if (op < 88) {
          insert.invoke(tree, random.nextLong(512), random.nextLong());
        } else if (op < 94) {
          scan.invoke(tree, random.nextLong(512), 16);
        } else {
          double[] batch = new double[8];
          for (int k = 0; k < batch.length; k++) {
            batch[k] = random.nextDouble() * 1e6 - 5e5;
          }
          add.invoke(fp, batch);
        }
      }
    }
  }
}
