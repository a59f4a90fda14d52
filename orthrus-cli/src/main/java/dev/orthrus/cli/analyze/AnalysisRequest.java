package dev.orthrus.cli.analyze;

import dev.orthrus.cli.BadInputException;
import dev.orthrus.cli.maven.MavenProject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What {@code orthrus analyze} was asked to look at, resolved from the command line into concrete
 * files: the sources to compile and the classpath to compile them against. The command builds it
 * from its options; the analysis steps only read it, so a new input kind (compiled classes for the
 * bytecode analysis) is a new member here, not a new command.
 *
 * @param input the folder the user named
 * @param sourceRoot the folder the sources were collected from
 * @param sources the {@code .java} files to compile, sorted
 * @param classpath the compile classpath: the project's own entries, then {@code --classpath}
 * @param notes what could not be resolved (printed on stderr; the analysis goes on without it)
 */
public record AnalysisRequest(
    Path input, Path sourceRoot, List<Path> sources, List<Path> classpath, List<String> notes) {

  public AnalysisRequest {
    sources = List.copyOf(sources);
    classpath = List.copyOf(classpath);
    notes = List.copyOf(notes);
  }

  /**
   * Resolves a source folder or a Maven project folder ({@code pom.xml}: {@code src/main/java},
   * {@code target/classes} and the direct dependency jars in the local repository).
   *
   * @param extraClasspath {@code --classpath} entries; each must exist
   */
  public static AnalysisRequest resolve(Path input, List<Path> extraClasspath, Path localRepository) {
    if (!Files.exists(input)) {
      throw new BadInputException("no such directory: " + input);
    }
    if (!Files.isDirectory(input)) {
      throw new BadInputException("not a directory: " + input + " (give a source folder or a Maven project folder)");
    }
    List<Path> classpath = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    Path sourceRoot = input;
    if (Files.isRegularFile(input.resolve("pom.xml"))) {
      MavenProject project = MavenProject.open(input, localRepository);
      sourceRoot = project.sourceRoot();
      if (!Files.isDirectory(sourceRoot)) {
        throw new BadInputException(input + " has a pom.xml but no src/main/java folder");
      }
      classpath.addAll(project.classpath());
      notes.addAll(project.problems());
    }
    for (Path entry : extraClasspath) {
      if (!Files.exists(entry)) {
        throw new BadInputException("classpath entry not found: " + entry);
      }
      classpath.add(entry);
    }
    List<Path> sources = javaSources(sourceRoot, notes);
    if (sources.isEmpty()) {
      throw new BadInputException("no .java files under " + sourceRoot);
    }
    return new AnalysisRequest(input, sourceRoot, sources, classpath, notes);
  }

  private static List<Path> javaSources(Path root, List<String> notes) {
    try (Stream<Path> files = Files.walk(root)) {
      List<Path> sources = new ArrayList<>();
      for (Path file : (Iterable<Path>) files.sorted()::iterator) {
        if (!Files.isRegularFile(file) || !file.getFileName().toString().endsWith(".java")) {
          continue;
        }
        if (file.getFileName().toString().equals("module-info.java")) {
          // Compiling as a module would need a module path; the closures are the same without it.
          notes.add("skipped " + file + " (sources are analyzed on the classpath)");
          continue;
        }
        sources.add(file);
      }
      return sources;
    } catch (IOException | UncheckedIOException e) {
      throw new BadInputException("cannot list the sources under " + root + ": " + e.getMessage(), e);
    }
  }
}
