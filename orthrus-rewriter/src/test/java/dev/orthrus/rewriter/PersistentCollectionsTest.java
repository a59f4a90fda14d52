package dev.orthrus.rewriter;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * User data held in org.pcollections' persistent collections ({@code
 * src/test/resources/persistent-collections}): a closure that passes a list it read from one to the
 * collection's own methods is validated, since such a list never changes. It was counted as not
 * validated (a shared object handed to code the log does not follow).
 */
class PersistentCollectionsTest {

  private static final Path SOURCES = Path.of("src/test/resources/persistent-collections");

  @Test
  void aPersistentListReadFromUserDataIsValidated(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, PersistentCollectionsTest::run, 60);
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> ledger = loader.loadClass("ledger.Ledger");
    Object l = ledger.getConstructor().newInstance();
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < 60; i++) {
      seen.append(ledger.getMethod("post", String.class, long.class).invoke(l, "a" + i % 7, i));
      seen.append(' ');
    }
    return seen.toString();
  }
}
