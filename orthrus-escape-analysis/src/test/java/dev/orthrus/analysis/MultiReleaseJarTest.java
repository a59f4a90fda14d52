package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A multi-release jar is analyzed as this JDK loads it: one class per name, the versioned copy for
 * a release not newer than the running JDK over the root's. Read as a folder tree, each versioned
 * copy was a second class named {@code META-INF.versions.N.p.C}, its closures twice.
 */
class MultiReleaseJarTest {

  @TempDir Path dir;

  @Test
  void versionedCopiesAreTheClassesNotMoreOfThem() throws IOException {
    Path classes = Fixtures.compile("phantom");
    Path jar = dir.resolve("multi.jar");
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().put(Attributes.Name.MULTI_RELEASE, "true");
    List<Path> files;
    try (Stream<Path> walk = Files.walk(classes)) {
      files = walk.filter(p -> p.toString().endsWith(".class")).sorted().toList();
    }
    try (OutputStream out = Files.newOutputStream(jar);
        JarOutputStream zip = new JarOutputStream(out, manifest)) {
      for (String prefix : List.of("", "META-INF/versions/11/", "META-INF/versions/9999/")) {
        for (Path file : files) {
          zip.putNextEntry(new JarEntry(prefix + classes.relativize(file).toString()));
          zip.write(Files.readAllBytes(file));
          zip.closeEntry();
        }
      }
    }

    AnalysisReport fromJar = EscapeAnalyzer.analyze(AnalysisInput.of(jar));
    AnalysisReport fromFolder = EscapeAnalyzer.analyze(AnalysisInput.of(classes));

    List<String> ids = fromJar.closures().stream().map(c -> c.model().id()).toList();
    assertEquals(
        fromFolder.closures().stream().map(c -> c.model().id()).toList(), ids, ids::toString);
    assertTrue(ids.stream().noneMatch(id -> id.contains("META-INF")), ids::toString);
    assertTrue(
        fromJar.diagnostics().stream().noneMatch(d -> d.key().equals(EscapeAnalyzer.NEWER_JDK)),
        fromJar.diagnostics()::toString);
  }
}
