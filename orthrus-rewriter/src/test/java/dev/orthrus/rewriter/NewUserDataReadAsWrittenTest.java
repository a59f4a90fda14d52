package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orthrus.runtime.OrthrusRuntime;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closure fills a user-data object it made and hands it to code that runs as written, an
 * exception's constructor reading it. VAL kept its stores in its own versions only, so that code
 * read the object's fields as its constructor left them ("declined after 0" against APP's "declined
 * after 7"), and every throwing execution was a detection. VAL now stores into the objects it made
 * in place too, and those executions are validated.
 */
class NewUserDataReadAsWrittenTest {

  private static final Path SOURCES = Path.of("src/test/resources/new-user-data-read-as-written");

  @Test
  void plainCodeReadsWhatVALStoredIntoAnObjectItMade(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> tillType = loader.loadClass("receipts.Till");
      Object till = tillType.getConstructor().newInstance();
      Method charge = tillType.getMethod("charge", long.class, long.class);
      int declined = 0;
      for (long amount = 0; amount < 200; amount++) {
        try {
          assertEquals(amount + 100, charge.invoke(till, amount, 100L));
        } catch (InvocationTargetException e) {
          assertEquals("declined after " + amount, e.getCause().getMessage());
          declined++;
        }
      }
      assertEquals(99, declined);
      Builds.assertAllValidated(rt, 200);
    } finally {
      rt.close();
    }
  }
}
