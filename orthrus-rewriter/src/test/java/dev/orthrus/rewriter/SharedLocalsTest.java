package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Locals that hold the application's collection on one path and one the closure made on another
 * ({@code src/test/resources/shared-locals}): an if/else assignment, a reassignment, and the
 * get-or-create idiom ({@code l = byKey.get(k); if (l == null) {...}}). Their calls are recorded,
 * so the validator never adds to the service's lists: the program's lists are vanilla's (they
 * doubled when validators ran {@code add} on them), and every execution validates. A list the
 * closure makes and hands to a helper's constructor is shared too: not validated, where every
 * validation was a detection; one a record only carries is not.
 */
class SharedLocalsTest {

  private static final Path SOURCES = Path.of("src/test/resources/shared-locals");

  @Test
  void aValidatorLeavesTheServicesListsAlone(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, SharedLocalsTest::run, 3_000);
  }

  @Test
  void aListAHelperKeepsIsNotValidatedRatherThanDetected(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> callEach(loader, "collect", 200),
        rt -> {
          assertTrue(rt.awaitDrained(60_000));
          assertEquals(0, rt.detections().count(), "no detection on a fault-free run");
          assertTrue(rt.publishedCount() >= 200, "logged: " + rt.publishedCount());
          assertEquals(0, rt.validatedCount(), "new Collector(found) stops VAL");
        });
  }

  /** A record that only carries the closure's list is not a helper that keeps it. */
  @Test
  void aListARecordOnlyCarriesIsValidated(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> callEach(loader, "carried", 200),
        rt -> {
          assertTrue(rt.awaitDrained(60_000));
          assertEquals(0, rt.detections().count(), "no detection on a fault-free run");
          assertEquals(200, rt.validatedCount(), () -> rt.notValidatedByClosure().toString());
        });
  }

  /** The results of {@code times} calls of the service's closure {@code method}, one a line. */
  private static String callEach(ClassLoader loader, String method, int times)
      throws ReflectiveOperationException {
    Class<?> type = loader.loadClass("inbox.Service");
    Object s = type.getConstructor().newInstance();
    var closure = type.getMethod(method, long.class);
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < times; i++) {
      seen.append(closure.invoke(s, i)).append('\n');
    }
    return seen.toString();
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> type = loader.loadClass("inbox.Service");
    Object s = type.getConstructor().newInstance();
    var branches = type.getMethod("branches", boolean.class, long.class);
    var reassigned = type.getMethod("reassigned", boolean.class, long.class);
    var getOrCreate = type.getMethod("getOrCreate", long.class);
    long h = 0;
    for (int i = 0; i < 1_000; i++) {
      h += (int) branches.invoke(s, i % 3 == 0, i);
      h += (int) reassigned.invoke(s, i % 4 == 0, i);
      h += (int) getOrCreate.invoke(s, i);
    }
    // Give validators time to run before the lists are read: they used to add to them.
    java.util.concurrent.locks.LockSupport.parkNanos(200_000_000L);
    String state = (String) type.getMethod("state").invoke(s);
    assertTrue(state.startsWith("audit=584 byKey=1000 "), state);
    return h + " " + state;
  }
}
