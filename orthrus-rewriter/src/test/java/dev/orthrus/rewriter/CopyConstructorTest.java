package dev.orthrus.rewriter;

import dev.orthrus.runtime.OrthrusRuntime;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user-data class's copy constructor that reads the other object's fields directly ({@code
 * this.balance = other.balance}), the usual Java idiom, was refused at build time, while the same
 * constructor written with getters built. It now reads them as the getters do: the program computes
 * what the vanilla build computes, an execution that copies an object it was given is not validated
 * (the validator does not read an object it did not make as written), and one that copies an object
 * it made is, with no detection.
 */
class CopyConstructorTest {

  private static final Path SOURCES = Path.of("src/test/resources/copy-constructors");

  @Test
  void aCopyConstructorReadingTheOthersFieldsBuildsAndRunsAsVanilla(@TempDir Path out)
      throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> loader.loadClass("ledger.Acct").getMethod("drive", int.class).invoke(null, 200),
        (OrthrusRuntime rt) -> Builds.assertNotValidated(rt, 400, 200, "a plain read"));
  }
}
