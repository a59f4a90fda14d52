package dev.orthrus.cli.compile;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BundledAnnotationsTest {

  @TempDir Path dir;

  @Test
  void copiesTheAnnotationClassesIntoAClassFolder() throws IOException {
    Path folder = BundledAnnotations.copyTo(dir.resolve("annotations"));
    assertTrue(Files.isRegularFile(folder.resolve("dev/orthrus/annotations/Closure.class")));
    assertTrue(Files.isRegularFile(folder.resolve("dev/orthrus/annotations/UserData.class")));
    assertTrue(BundledAnnotations.presentOn(List.of(folder)));
  }

  @Test
  void classpathWithoutTheAnnotationsIsRecognized() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("classes"));
    Path notAJar = Files.writeString(dir.resolve("broken.jar"), "not a zip");
    assertFalse(BundledAnnotations.presentOn(List.of()));
    assertFalse(BundledAnnotations.presentOn(List.of(empty, notAJar)));
  }
}
