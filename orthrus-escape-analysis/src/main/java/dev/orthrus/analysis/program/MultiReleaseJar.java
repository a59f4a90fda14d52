package dev.orthrus.analysis.program;

import dev.orthrus.analysis.AnalysisException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * A multi-release jar ({@code Multi-Release: true}, classes under {@code META-INF/versions/N/}) as
 * a JDK of one feature release loads it: each class from the highest version directory not newer
 * than that release, else from the jar's root. Soot reads a jar as a folder tree, where a versioned
 * copy of {@code p/Adder.class} would be a second class named {@code META-INF.versions.21.p.Adder}.
 */
final class MultiReleaseJar {

  private static final String VERSIONS = "META-INF/versions/";

  private MultiReleaseJar() {}

  /** True when {@code path} is a jar whose manifest says Multi-Release and that has versions. */
  static boolean is(Path path) {
    if (!Files.isRegularFile(path) || !path.getFileName().toString().endsWith(".jar")) {
      return false;
    }
    try (JarFile jar = new JarFile(path.toFile())) {
      Manifest manifest = jar.getManifest();
      return manifest != null
          && "true"
              .equalsIgnoreCase(
                  manifest.getMainAttributes().getValue(Attributes.Name.MULTI_RELEASE))
          && jar.stream().anyMatch(e -> e.getName().startsWith(VERSIONS));
    } catch (IOException e) {
      // Not readable as a jar: Soot reports it as it reports any unreadable input.
      return false;
    }
  }

  /**
   * Writes the class files {@code release} loads from {@code jar} into a new temporary folder, in
   * the package layout; returns the folder, which {@link #delete} removes.
   */
  static Path extract(Path jar, int release) {
    try (JarFile file = new JarFile(jar.toFile())) {
      Path folder = Files.createTempDirectory("orthrus-multi-release");
      Map<String, JarEntry> chosen = new LinkedHashMap<>();
      Map<String, Integer> chosenVersion = new LinkedHashMap<>();
      Enumeration<JarEntry> entries = file.entries();
      while (entries.hasMoreElements()) {
        JarEntry entry = entries.nextElement();
        String name = entry.getName();
        if (entry.isDirectory() || !name.endsWith(".class")) {
          continue;
        }
        int version = 0;
        if (name.startsWith(VERSIONS)) {
          int slash = name.indexOf('/', VERSIONS.length());
          try {
            version = Integer.parseInt(name.substring(VERSIONS.length(), slash));
          } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            continue;
          }
          if (version > release) {
            continue;
          }
          name = name.substring(slash + 1);
        } else if (name.startsWith("META-INF/")) {
          continue;
        }
        if (version >= chosenVersion.getOrDefault(name, -1)) {
          chosen.put(name, entry);
          chosenVersion.put(name, version);
        }
      }
      for (Map.Entry<String, JarEntry> e : chosen.entrySet()) {
        Path target = folder.resolve(e.getKey()).normalize();
        if (!target.startsWith(folder)) {
          continue;
        }
        Files.createDirectories(target.getParent());
        try (InputStream in = file.getInputStream(e.getValue())) {
          Files.copy(in, target);
        }
      }
      return folder;
    } catch (IOException e) {
      throw AnalysisException.badInput("cannot read the multi-release jar " + jar + ": " + e);
    }
  }

  /** Deletes a folder {@link #extract} filled. */
  static void delete(Path folder) {
    try (Stream<Path> walk = Files.walk(folder)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
