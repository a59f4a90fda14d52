package dev.orthrus.cli.compile;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The temporary folders an analysis compiles into (nothing is written into the analyzed project),
 * and a demo's working files.
 */
public final class TemporaryFolders {

  private TemporaryFolders() {}

  public static Path create(String prefix) {
    try {
      return Files.createTempDirectory(prefix);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a temporary folder: " + e.getMessage(), e);
    }
  }

  /** Deletes the folder and what it holds; a failure is named on the log, never fatal. */
  public static void delete(Path root, PrintWriter log) {
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    } catch (IOException | UncheckedIOException e) {
      log.println("orthrus: could not delete the temporary folder " + root + ": " + e.getMessage());
    }
  }
}
