package dev.orthrus.maven;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;

/**
 * Which files an instrumentation wrote, so that a later {@code -Dorthrus.skip=true} build can tell
 * whether they are still there. The compiler plugin recompiles only when a source changed: after a
 * protected build, a vanilla build without {@code clean} would otherwise find nothing to compile
 * and ship the protected classes as vanilla ones.
 *
 * <p>A file counts as still protected when its size and modification time are those it had right
 * after instrumentation; any recompilation gives it a new time. Only files the instrumentation
 * wrote or changed are recorded, so a class it left alone never counts. Of those, the ones it added
 * (the versions and bindings of user data, its report) are not the compiler's: once the compiler
 * has rewritten the others, a skipped build removes them.
 */
final class ProtectedClasses {

  /** Beside the compiler plugin's own build state, which {@code clean} removes with it. */
  static final String LIST = "maven-status/orthrus-maven-plugin/protected-classes.lst";

  private static final String ADDED = "added";
  private static final String REPLACED = "replaced";

  private final Path list;

  private ProtectedClasses(Path list) {
    this.list = list;
  }

  static ProtectedClasses of(String buildDirectory) {
    return new ProtectedClasses(Path.of(buildDirectory).resolve(LIST));
  }

  /** Files and their state (size and modification time), by absolute path. */
  record Snapshot(Map<Path, String> files) {}

  static Snapshot snapshot(Path classOutput) throws MojoExecutionException {
    Map<Path, String> files = new LinkedHashMap<>();
    if (!Files.isDirectory(classOutput)) {
      return new Snapshot(files);
    }
    try (Stream<Path> paths = Files.walk(classOutput)) {
      for (Path file : (Iterable<Path>) paths.sorted()::iterator) {
        if (Files.isRegularFile(file)) {
          files.put(file.toAbsolutePath().normalize(), state(file));
        }
      }
    } catch (IOException | UncheckedIOException e) {
      throw new MojoExecutionException("cannot list the files in " + classOutput, e);
    }
    return new Snapshot(files);
  }

  private static String state(Path file) throws IOException {
    return Files.size(file) + " " + Files.getLastModifiedTime(file).toMillis();
  }

  /**
   * Records the files that differ between the two snapshots, in {@code after}'s state, and whether
   * the instrumentation added them or replaced the compiler's.
   */
  void record(Snapshot before, Snapshot after) throws MojoExecutionException {
    StringBuilder text = new StringBuilder();
    after
        .files()
        .forEach(
            (file, state) -> {
              String was = before.files().get(file);
              if (!state.equals(was)) {
                text.append(was == null ? ADDED : REPLACED).append(' ').append(state);
                text.append(' ').append(file).append('\n');
              }
            });
    try {
      Files.createDirectories(list.getParent());
      Files.writeString(list, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new MojoExecutionException("cannot write " + list, e);
    }
  }

  /**
   * Fails when files an instrumentation put in place of the compiler's are still unchanged;
   * otherwise removes the unchanged files it added, forgets the record and returns what it removed.
   */
  List<Path> checkGone() throws MojoExecutionException, MojoFailureException {
    if (!Files.isRegularFile(list)) {
      return List.of();
    }
    List<Path> stillProtected = new ArrayList<>();
    List<Path> added = new ArrayList<>();
    try {
      for (String line : Files.readAllLines(list, StandardCharsets.UTF_8)) {
        // "added|replaced size time path"; an earlier plugin wrote "size time path" for each.
        boolean tagged = line.startsWith(ADDED + " ") || line.startsWith(REPLACED + " ");
        String[] parts = (tagged ? line : REPLACED + " " + line).split(" ", 4);
        if (parts.length < 4) {
          continue;
        }
        Path file = Path.of(parts[3]);
        if (Files.isRegularFile(file) && state(file).equals(parts[1] + " " + parts[2])) {
          (parts[0].equals(ADDED) ? added : stillProtected).add(file);
        }
      }
    } catch (IOException e) {
      throw new MojoExecutionException("cannot read " + list, e);
    }
    if (!stillProtected.isEmpty()) {
      Path example =
          stillProtected.stream()
              .filter(f -> f.toString().endsWith(".class"))
              .findFirst()
              .orElse(stillProtected.get(0));
      throw new MojoFailureException(
          "orthrus.skip asks for vanilla classes, but "
              + stillProtected.size()
              + (stillProtected.size() == 1 ? " file is" : " files are")
              + " still those an earlier protected build wrote (e.g. "
              + example
              + "): the compiler found no changed source to recompile. Build from clean: mvn clean"
              + " ... -Dorthrus.skip=true");
    }
    try {
      for (Path file : added) {
        Files.delete(file);
      }
      Files.delete(list);
    } catch (IOException e) {
      throw new MojoExecutionException("cannot remove the protected build's files", e);
    }
    return added;
  }
}
