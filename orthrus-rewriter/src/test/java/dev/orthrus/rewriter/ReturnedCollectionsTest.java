package dev.orthrus.rewriter;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closures returning new lists and maps that the caller changes at once ({@code
 * src/test/resources/returned-collections}): the log keeps a copy of what was returned, so every
 * execution is validated against it. Before, the log kept the caller's collection, and every such
 * execution was "not validated": the caller had changed its result.
 */
class ReturnedCollectionsTest {

  private static final Path SOURCES = Path.of("src/test/resources/returned-collections");

  @Test
  void collectionsTheCallerChangesAreValidatedAsReturned(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> loader.loadClass("stock.Driver").getMethod("run", int.class).invoke(null, 300),
        300 * 4);
  }
}
