package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.rewriter.compile.Javac;
import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.Detection;
import dev.orthrus.runtime.report.ReproducerFile;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closure returning a record of the project's own ({@code src/test/resources/logged-types}): the
 * rewriter makes the record serializable, so that a detection whose result differs still gets a
 * reproducer, which replays.
 */
class LoggedTypesTest {

  private static final Path SOURCES = Path.of("src/test/resources/logged-types");

  @Test
  void aDetectionOnAClosureReturningAProjectRecordWritesAReproducer(@TempDir Path out)
      throws Exception {
    InstrumentResult result = Builds.instrument(SOURCES, out);
    try (URLClassLoader healthy = Builds.loader(out.resolve("classes"))) {
      assertTrue(Serializable.class.isAssignableFrom(healthy.loadClass("fixture.Outcome")));
    }
    Path counter =
        result.generatedSources().stream()
            .filter(p -> p.endsWith(Path.of("fixture", "Counter.java")))
            .findFirst()
            .orElseThrow();
    String text = Files.readString(counter, StandardCharsets.UTF_8);
    String choice = "amount >= 0 ? Kind.UP : Kind.DOWN";
    int app = text.indexOf("Outcome addApp(");
    int at = text.indexOf(choice, app);
    assertTrue(app > 0 && at > app, text);
    // A faulty core takes the wrong branch in the APP variant only.
    Files.writeString(
        counter,
        text.substring(0, at) + "Kind.DOWN" + text.substring(at + choice.length()),
        StandardCharsets.UTF_8);
    Path faulty = out.resolve("faulty");
    Javac.compile(result.generatedSources(), Builds.classPath(), 17, faulty);

    List<Detection> found = new CopyOnWriteArrayList<>();
    OrthrusRuntime rt = Builds.detecting(found, out.resolve("reproducers"));
    try (URLClassLoader loader = Builds.loader(faulty)) {
      Object c = loader.loadClass("fixture.Counter").getConstructor().newInstance();
      c.getClass().getMethod("add", long.class).invoke(c, 5L);
      assertTrue(rt.awaitDrained(10_000));

      assertEquals(1, found.size(), found::toString);
      Detection d = found.get(0);
      assertEquals("add", d.closureName());
      assertNotNull(d.reproducer(), () -> "a reproducer file is written: " + d.summary());
      ReproducerFile.Snapshot snapshot = ReproducerFile.read(d.reproducer(), loader);
      assertEquals(
          ReproducerFile.Outcome.MATCHES_VALIDATOR,
          ReproducerFile.replay(snapshot, loader, -1).outcome());
    } finally {
      rt.close();
    }
  }

  /**
   * A sealed interface a closure takes (its records with it) and the elements of a list it takes
   * become serializable too: an outside trial's detections of such a closure had no reproducer.
   */
  @Test
  void interfacesAndTypeArgumentsOfLoggedTypesAreSerializable(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      for (String name : List.of("fixture.Move", "fixture.Move$In", "fixture.Step")) {
        assertTrue(Serializable.class.isAssignableFrom(loader.loadClass(name)), name);
      }
      Object in = loader.loadClass("fixture.Move$In").getConstructor(long.class).newInstance(3L);
      ObjectOutputStream sink = new ObjectOutputStream(OutputStream.nullOutputStream());
      sink.writeObject(List.of(in)); // throws NotSerializableException when it is not
    }
  }
}
