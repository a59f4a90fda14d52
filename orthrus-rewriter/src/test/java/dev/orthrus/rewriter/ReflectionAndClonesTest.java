package dev.orthrus.rewriter;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closure reading its own field by reflection ({@code Field.getLong(this)}) and one cloning a
 * plain object it made ({@code super.clone()} in the plain class): an outside trial's validator
 * read the field as the application had written it since (299 detections in 300 executions), and
 * took APP's copy, whose array was APP's, for the clone (300 in 300). A reflective read of a field
 * is recorded; {@code super.clone()} of a plain class runs in each variant on its own object.
 */
class ReflectionAndClonesTest {

  private static final Path SOURCES = Path.of("src/test/resources/reflection-and-clones");

  @Test
  void aReflectiveReadAndAPlainCloneAreNotDetections(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> loader.loadClass("refl.Acc").getMethod("drive", int.class).invoke(null, 300),
        900);
  }
}
