package dev.orthrus.cli.compile;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BundledClassesTest {

  @TempDir Path dir;

  @Test
  void copiesTheAnnotationClassesIntoAClassFolder() throws IOException {
    Path folder = BundledClasses.copyAnnotationsTo(dir.resolve("annotations"));
    assertTrue(Files.isRegularFile(folder.resolve("dev/orthrus/annotations/Closure.class")));
    assertTrue(Files.isRegularFile(folder.resolve("dev/orthrus/annotations/UserData.class")));
    assertTrue(BundledClasses.annotationsPresentOn(List.of(folder)));
  }

  @Test
  void copiesTheRuntimeWithItsSubpackages() throws IOException {
    Path folder = BundledClasses.copyRuntimeTo(dir.resolve("runtime"));
    assertTrue(Files.isRegularFile(folder.resolve("dev/orthrus/runtime/api/ClosureLog.class")));
    assertTrue(BundledClasses.runtimePresentOn(List.of(folder)));
    assertFalse(Files.exists(folder.resolve("dev/orthrus/annotations")));
    try (Stream<Path> files = Files.walk(folder.resolve("dev/orthrus/runtime"), 1)) {
      assertTrue(files.filter(Files::isDirectory).count() > 2, "subpackages copied");
    }
  }

  @Test
  void classpathWithoutTheAnnotationsIsRecognized() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("classes"));
    Path notAJar = Files.writeString(dir.resolve("broken.jar"), "not a zip");
    assertFalse(BundledClasses.annotationsPresentOn(List.of()));
    assertFalse(BundledClasses.annotationsPresentOn(List.of(empty, notAJar)));
  }
}
