package dev.orthrus.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.util.List;
import java.util.stream.Collectors;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The real sample compiles with the processor without findings beyond the note that its
 * synchronized closures take a lock (its outputs are golden-checked too).
 */
class SampleKvcacheTest {

  @Test
  void kvcacheSampleIsClean() throws IOException {
    List<JavaFileObject> files =
        GoldenFiles.sources("kvcache").stream()
            .map(
                p -> {
                  try {
                    return JavaFileObjects.forResource(p.toUri().toURL());
                  } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                  }
                })
            .collect(Collectors.toList());
    assertThat(files).isNotEmpty();
    Compilation c = Snippets.compile(files.toArray(new JavaFileObject[0]));
    assertThat(c).succeededWithoutWarnings();
    // The store's closures are synchronized: each gets the lock note, and nothing else is said.
    List<String> notes =
        c.notes().stream()
            .map(d -> d.getMessage(null))
            .filter(m -> m.contains("[orthrus."))
            .collect(Collectors.toList());
    assertThat(notes).isNotEmpty();
    assertThat(notes.stream().filter(m -> !m.contains("[orthrus.closure.lock]")).count())
        .isEqualTo(0);
  }
}
