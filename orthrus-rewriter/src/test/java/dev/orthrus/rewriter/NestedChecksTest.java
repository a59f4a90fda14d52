package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.rewriter.compile.Javac;
import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.ChecksumMismatchException;
import dev.orthrus.runtime.api.Detection;
import dev.orthrus.runtime.api.MismatchKind;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An item corrupted while the control path kept it, handed by a closure to another closure that
 * checks it ({@code src/test/resources/nested-checks}). The APP variant runs the inner closure
 * inline, so the failed check ends the outer execution, whose dispatcher has no handler when the
 * outer closure takes no user data: the failure is still reported, once per execution, whether the
 * execution was logged or not and whether the outer dispatcher has a handler of its own.
 */
class NestedChecksTest {

  private static final Path SOURCES = Path.of("src/test/resources/nested-checks");
  private static final int CALLS = 5;

  @Test
  void loggedExecutionsReportTheInnerClosuresFailedCheckOnce(@TempDir Path out) throws Exception {
    List<Detection> found = run(out, 1.0);
    // Logged: the inner closure ran inline, so the outer closure's execution met the failure.
    assertEquals(2 * CALLS, found.size(), found::toString);
    assertEquals(CALLS, found.stream().filter(d -> d.closureName().equals("read")).count());
    assertEquals(CALLS, found.stream().filter(d -> d.closureName().equals("sum")).count());
  }

  @Test
  void plainExecutionsReportTheInnerClosuresFailedCheckOnce(@TempDir Path out) throws Exception {
    List<Detection> found = run(out, 0.0);
    // Plain: the inner closure's dispatcher reported the failure, and sum's did not again.
    assertEquals(2 * CALLS, found.size(), found::toString);
    assertTrue(found.stream().allMatch(d -> d.closureName().equals("flagsOf")), found::toString);
  }

  /** Calls read and sum CALLS times each on a shelf whose kept item was corrupted. */
  private static List<Detection> run(Path out, double rate) throws Exception {
    InstrumentResult result = Builds.instrument(SOURCES, out);
    Path classes = out.resolve("classes");
    Javac.compile(result.generatedSources(), Builds.classPath(), 17, classes);
    List<Detection> found = new CopyOnWriteArrayList<>();
    OrthrusRuntime rt = Builds.detecting(found, out.resolve("reproducers"), rate);
    try (URLClassLoader loader = Builds.loader(classes)) {
      Class<?> type = loader.loadClass("shelf.Shelf");
      Class<?> itemType = loader.loadClass("shelf.Item");
      Object shelf = type.getConstructor().newInstance();
      Object own = itemType.getConstructor(int.class).newInstance(1);
      Method read = type.getMethod("read");
      Method sum = type.getMethod("sum", itemType);
      assertEquals(7, read.invoke(shelf));
      assertEquals(7, sum.invoke(shelf, own));
      assertTrue(rt.awaitDrained(10_000));
      assertEquals(List.of(), found, "no detection on healthy items");

      Object kept = type.getField("kept").get(shelf);
      Field flags = itemType.getDeclaredField("flags");
      flags.setAccessible(true);
      flags.setInt(kept, 7); // no store of the runtime's: the checksum still covers 6
      for (int i = 0; i < CALLS; i++) {
        assertCorrupted(() -> read.invoke(shelf));
        assertCorrupted(() -> sum.invoke(shelf, own));
      }
      assertTrue(rt.awaitDrained(10_000));
      assertTrue(found.stream().allMatch(d -> d.kind() == MismatchKind.CHECKSUM), found::toString);
      return found;
    } finally {
      rt.close();
    }
  }

  private static void assertCorrupted(Call call) {
    InvocationTargetException thrown = assertThrows(InvocationTargetException.class, call::run);
    assertTrue(
        thrown.getCause() instanceof ChecksumMismatchException, String.valueOf(thrown.getCause()));
  }

  @FunctionalInterface
  private interface Call {
    void run() throws Exception;
  }
}
