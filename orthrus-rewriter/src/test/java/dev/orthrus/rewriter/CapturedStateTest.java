package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orthrus.runtime.OrthrusRuntime;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An anonymous or local class's method that a closure reaches answers from a local its maker's
 * method captured and keeps changing (an array's element, an {@code AtomicLong}), and counts its
 * calls in another. Before, its variants read them as they were when VAL ran, after the change (an
 * outside trial: 997 detections in 1,000 validated executions), and VAL counted every call again
 * (2,000 calls where vanilla made 1,000). A captured local is now the application's, as a field is:
 * APP records what it read from it and makes the calls on it alone. A closure's own anonymous class
 * over the closure's own locals ({@code Tally}) is not: each execution, VAL's too, makes its own
 * (with the rule applied there too, VAL's list missed APP's additions: 100 detections).
 */
class CapturedStateTest {

  @Test
  void capturedLocalsAreTheApplicationsState(@TempDir Path out) throws Exception {
    Builds.instrument(Path.of("src/test/resources/captured-state"), out);
    OrthrusRuntime rt = Builds.validationHeldBack();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      AtomicLong calls = new AtomicLong();
      Object result =
          loader
              .loadClass("knobs.Main")
              .getMethod("run", long[].class, AtomicLong.class, AtomicLong.class)
              .invoke(null, new long[1], new AtomicLong(), calls);
      assertEquals(200L, calls.get());
      rt.validators().add();
      Builds.assertAllValidated(rt, 500);
      assertEquals(200L, calls.get(), "VAL did not count again");
      assertEquals(vanilla(out), result);
    } finally {
      rt.close();
    }
  }

  private static Object vanilla(Path out) throws Exception {
    Path classes = Builds.vanilla(Path.of("src/test/resources/captured-state"), out);
    try (URLClassLoader loader = Builds.loader(classes)) {
      return loader
          .loadClass("knobs.Main")
          .getMethod("run", long[].class, AtomicLong.class, AtomicLong.class)
          .invoke(null, new long[1], new AtomicLong(), new AtomicLong());
    }
  }
}
