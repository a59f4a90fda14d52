package dev.orthrus.rewriter;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closures that use the current thread as a value ({@code Thread.currentThread() != owner}, a
 * thread bound on first use, {@code instanceof Worker}), ask {@code ForkJoinTask.inForkJoinPool()}
 * and read a weak reference the collector clears: the validator saw its own thread, no pool and the
 * referent as it was when it ran, and an outside trial reported every such execution as corrupted
 * (100 detections in 100 executions of an owner-thread check; 149 in 200 of a weak memo with
 * collections between calls). The current thread, the pool queries and a reference's referent are
 * recorded.
 */
class ThreadIdentityTest {

  private static final Path SOURCES = Path.of("src/test/resources/thread-identity");

  @Test
  void theThreadAPoolAndACollectedReferenceAreTheApplications(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader ->
            loader.loadClass("owners.Confined").getMethod("drive", int.class).invoke(null, 200),
        1_000);
  }
}
