package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.Detection;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compound assignments to a {@code String} user-data field ({@code src/test/resources/strings}),
 * the null literal among their operands: the build succeeds (it failed with a parser exception on
 * the helper's {@code <nulltype>} parameter) and computes what the vanilla build computes. The
 * handle keeps the string's value hash from its store, so that a store of another field does not
 * walk the string again (a closure bumping a counter beside a 100,000-character string cost 111 us
 * an execution, unlogged), and the checksum stays what a check of the fields computes.
 */
class StringFieldsTest {

  private static final Path SOURCES = Path.of("src/test/resources/strings");

  @Test
  void aNullOperandOfStringConcatenationOnAFieldBuildsAndRuns(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, StringFieldsTest::run, 20);
  }

  @Test
  void aStoreOfAnotherFieldTakesTheStringsKeptHash(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    String note = Builds.generated(out, "notes/Note.java");
    assertTrue(note.contains("this.text$hash = Checksum.valueHash(text);"), note);
    assertTrue(note.contains("V.checksumOfHashed(this.text$hash, this.hits)"), note);
    List<Detection> found = new CopyOnWriteArrayList<>();
    OrthrusRuntime rt = Builds.detecting(found, out.resolve("reproducers"), 0.0);
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> type = loader.loadClass("notes.Note");
      Object n = type.getConstructor().newInstance();
      Method append = type.getMethod("append", String.class, int.class);
      Method hit = type.getMethod("hit");
      Method length = type.getMethod("length", type);
      int expected = 0;
      for (int i = 0; i < 200; i++) {
        append.invoke(n, "ab", i);
        expected += 2 + Integer.toString(i).length() + 4;
        hit.invoke(n);
        assertEquals(expected, length.invoke(null, n), "checked against its checksum");
      }
      assertEquals(List.of(), found);
    } finally {
      rt.close();
    }
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> note = loader.loadClass("notes.Note");
    Object n = note.getConstructor().newInstance();
    Method append = note.getMethod("append", String.class, int.class);
    String last = null;
    for (int i = 0; i < 20; i++) {
      last = (String) append.invoke(n, "x", i);
    }
    return last;
  }
}
