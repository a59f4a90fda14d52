package dev.orthrus.rewriter;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plain Java arrays of user-data handles ({@code src/test/resources/batches}): a local array the
 * control path builds, a record component, a control-path method's parameter, a closure's array
 * parameter and an array a closure makes itself. Only an array a user-data field holds becomes a
 * {@code VersionedArray}; these build and compute what the vanilla build computes (trial 7: every
 * one of them stopped the build).
 */
class UserDataBatchesTest {

  @Test
  void arraysOfHandlesOutsideUserDataFieldsBuildAndRun(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        Path.of("src/test/resources/batches"),
        out,
        loader -> loader.loadClass("batch.Ledger").getMethod("run").invoke(null),
        40);
  }
}
