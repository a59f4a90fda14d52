package dev.orthrus.rewriter;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closure called from a lambda that a recorded call runs ({@code MEMO.computeIfAbsent(k, x ->
 * load(x))} on a service's map): the rewriter failed on the file ({@code NoSuchElementException}),
 * since the lambda, rewritten as plain code apart from its method, was in no class to hold the
 * call's site. The call goes through the closure's dispatcher: each load is a closure execution of
 * its own, validated, and the lookups that read what it changed are validated too.
 */
class ClosureInRecordedCallbackTest {

  private static final Path SOURCES = Path.of("src/test/resources/closure-in-callback");

  @Test
  void aClosureARecordedCallRunsIsACallOfItsOwn(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> loader.loadClass("loads.Memo").getMethod("drive", int.class).invoke(null, 300),
        310);
  }
}
