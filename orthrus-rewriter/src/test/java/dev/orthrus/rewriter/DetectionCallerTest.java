package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.Detection;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A detection names the method that called the closure, from the protected build's report, beside
 * the caller's id (outside trial 9: {@code caller -381383133} said nothing to the user).
 */
class DetectionCallerTest {

  private static final Path SOURCES = Path.of("src/test/resources/value-parameters");

  @Test
  void aDetectionNamesTheCallingMethod(@TempDir Path out) throws Exception {
    Path faulty =
        Builds.recompiledWith(
            Builds.instrument(SOURCES, out),
            out,
            "tags/Box.java",
            "long addApp(",
            "log.load(this).sum, t.getV()",
            "log.load(this).sum, t.getV() ^ 8");
    // The protected build's report, which names the call sites, beside the faulty classes.
    Path report = Path.of(InstrumentReport.RESOURCE_PATH);
    Files.createDirectories(faulty.resolve(report).getParent());
    Files.copy(out.resolve("classes").resolve(report), faulty.resolve(report));
    List<Detection> found = new CopyOnWriteArrayList<>();
    OrthrusRuntime rt = Builds.detecting(found, out.resolve("reproducers"));
    try (URLClassLoader loader = Builds.loader(faulty)) {
      loader.loadClass("tags.Box").getMethod("run").invoke(null);
      assertTrue(rt.awaitDrained(10_000));
      assertFalse(found.isEmpty());
      Detection d = found.get(0);
      assertEquals("Box.run", d.caller());
      assertTrue(d.summary().contains("caller " + d.callerId() + " (Box.run)"), d.summary());
    } finally {
      rt.close();
    }
  }
}
