package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.Detection;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Identity hashes of objects a closure made, read inside the JDK ({@code
 * src/test/resources/identity-hashes}): {@code Objects.hash}, a list's hash code, a string
 * concatenation and {@code Object.toString} of a class that keeps Object's {@code hashCode}. A
 * validator cannot confirm them: it re-executes a log whose outputs differ from APP's before it
 * reports them, and a difference that does not come out the same way again is an execution not
 * validated, not a detection. Before, most such executions were reported as corruptions on a
 * fault-free run.
 */
class IdentityHashesTest {

  private static final Path SOURCES = Path.of("src/test/resources/identity-hashes");

  @Test
  void identityHashesReadByTheJdkAreNeverDetections(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    List<Detection> found = new CopyOnWriteArrayList<>();
    OrthrusRuntime rt = Builds.detecting(found, out.resolve("reproducers"), 1.0);
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> type = loader.loadClass("ids.Probe");
      Object probe = type.getConstructor().newInstance();
      for (String name : List.of("objectsHash", "listHash", "concatenated", "printed", "plain")) {
        var m = type.getMethod(name, int.class);
        for (int i = 0; i < 400; i++) {
          m.invoke(probe, i);
        }
      }
      assertTrue(rt.awaitDrained(30_000));
      assertEquals(List.of(), found, "no detection on a fault-free run");
      assertEquals(2_000, rt.validatedCount() + rt.notValidatedCount(), "every execution checked");
      assertTrue(rt.notValidatedCount() >= 700, rt.notValidatedCount() + " not validated");
      assertTrue(rt.validatedCount() >= 1_100, rt.validatedCount() + " validated");
    } finally {
      rt.close();
    }
  }
}
