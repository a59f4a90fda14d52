package dev.orthrus.cli.analyze;

import dev.orthrus.cli.BadInputException;
import dev.orthrus.cli.compile.BundledClasses;
import dev.orthrus.cli.compile.JavaRelease;
import dev.orthrus.cli.maven.MavenProject;
import dev.orthrus.rewriter.InstrumentReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * What {@code orthrus analyze} was asked to look at, resolved from the command line into concrete
 * files. Either sources to compile (then the compiled classes are analyzed), or compiled classes to
 * analyze directly. The command builds it from its options; the stages only read it.
 *
 * @param input the path the user named (a folder or a jar), or null for {@code --classes}
 * @param sourceRoot where the sources are: compiled when {@code sources} is not empty, otherwise
 *     only read for excerpts in the HTML report; null when unknown
 * @param sources the {@code .java} files to compile, sorted; empty when analyzing classes
 * @param classes compiled class folders and jars to analyze; empty when sources are compiled
 * @param classpath the compile and resolution classpath: the project's own entries, then {@code
 *     --classpath}
 * @param notes what could not be resolved (printed on stderr; the analysis goes on without it)
 * @param release the Java release the sources are compiled for: the Maven project's, else the
 *     running JDK's
 * @param processorPath where the other annotation processors the sources are compiled with are
 *     found (a Maven project's, else the classpath, as javac looks for them)
 * @param processorClasses the only ones of them to run; empty for all
 * @param missingProcessors the project's processor path entries that were not found ({@code
 *     groupId:artifactId}), whose processors do not run
 * @param encoding the sources' encoding: {@code --encoding}, else the Maven project's {@code
 *     project.build.sourceEncoding}, else UTF-8
 */
public record AnalysisRequest(
    Path input,
    Path sourceRoot,
    List<Path> sources,
    List<Path> classes,
    List<Path> classpath,
    List<String> notes,
    JavaRelease release,
    List<Path> processorPath,
    List<String> processorClasses,
    List<String> missingProcessors,
    Charset encoding) {

  public AnalysisRequest {
    sources = List.copyOf(sources);
    classes = List.copyOf(classes);
    classpath = List.copyOf(classpath);
    notes = List.copyOf(notes);
    processorPath = List.copyOf(processorPath);
    processorClasses = List.copyOf(processorClasses);
    missingProcessors = List.copyOf(missingProcessors);
  }

  /** Sources are compiled (the source stage runs) rather than classes analyzed directly. */
  public boolean compilesSources() {
    return !sources.isEmpty();
  }

  /**
   * The class output of the project's own build (a Maven project's {@code target/classes}), which a
   * protected build of these sources fills with its report; null when there is none.
   */
  public Path ownClasses() {
    return input != null && Files.isRegularFile(input.resolve("pom.xml"))
        ? input.resolve("target").resolve("classes")
        : null;
  }

  /** The same request with another folder for source excerpts ({@code --sources}). */
  public AnalysisRequest withSourceRoot(Path root) {
    return new AnalysisRequest(
        input,
        root,
        sources,
        classes,
        classpath,
        notes,
        release,
        processorPath,
        processorClasses,
        missingProcessors,
        encoding);
  }

  /** The same request with sources in another encoding ({@code --encoding}). */
  public AnalysisRequest withEncoding(Charset other) {
    return new AnalysisRequest(
        input,
        sourceRoot,
        sources,
        classes,
        classpath,
        notes,
        release,
        processorPath,
        processorClasses,
        missingProcessors,
        other);
  }

  /** The same request compiled for another release ({@code --release}). */
  public AnalysisRequest withRelease(JavaRelease other) {
    return new AnalysisRequest(
        input,
        sourceRoot,
        sources,
        classes,
        classpath,
        notes,
        other,
        processorPath,
        processorClasses,
        missingProcessors,
        encoding);
  }

  /**
   * Resolves what the user named:
   *
   * <ul>
   *   <li>a jar: its classes are analyzed;
   *   <li>a Maven project folder ({@code pom.xml}): {@code src/main/java} is compiled against
   *       {@code target/classes} and the direct dependency jars in the local repository; without
   *       sources, {@code target/classes} is analyzed; with neither, the project is "not compiled";
   *   <li>another folder: the {@code .java} files under it are compiled.
   * </ul>
   *
   * @param extraClasspath {@code --classpath} entries; each must exist and, if a file, be a
   *     readable jar
   */
  public static AnalysisRequest resolve(
      Path input, List<Path> extraClasspath, Path localRepository) {
    if (!Files.exists(input)) {
      throw new BadInputException(
          (input.getFileName() != null && input.getFileName().toString().endsWith(".jar")
                  ? "no such jar: "
                  : "no such directory: ")
              + input);
    }
    if (Files.isRegularFile(input) && input.getFileName().toString().endsWith(".jar")) {
      return ofClasses(input, List.of(input), extraClasspath);
    }
    if (!Files.isDirectory(input)) {
      throw new BadInputException(
          "not a directory: " + input + " (give a source folder, a Maven project folder or a jar)");
    }
    List<Path> classpath = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    Path sourceRoot = input;
    if (Files.isRegularFile(input.resolve("pom.xml"))) {
      MavenProject project = MavenProject.open(input, localRepository);
      JavaRelease release =
          project.javaRelease() != null ? project.javaRelease() : JavaRelease.runningJdk();
      sourceRoot = project.sourceRoot();
      notes.addAll(project.problems());
      Path targetClasses = input.resolve("target").resolve("classes");
      List<Path> sources =
          Files.isDirectory(sourceRoot) ? javaSources(sourceRoot, notes) : List.of();
      if (sources.isEmpty()) {
        List<String> modules = project.modules();
        if (!modules.isEmpty()) {
          throw new BadInputException(
              input
                  + " is an aggregator project of the modules "
                  + String.join(", ", modules)
                  + ": analyze a module (orthrus analyze "
                  + input.resolve(modules.get(0))
                  + "), with the others it depends on found through their installed jars or"
                  + " --classpath");
        }
        if (!Files.isDirectory(targetClasses)) {
          throw new BadInputException(
              input
                  + " is not compiled: it has no sources in src/main/java and no"
                  + " target/classes (run mvn compile, or pass the classes with --classes)");
        }
        // No sources to compile, but compiled classes: analyze those, resolve against the rest.
        List<Path> dependencies = new ArrayList<>(project.classpath());
        dependencies.remove(targetClasses);
        dependencies.addAll(checkedClasspath(extraClasspath));
        refuseProtectedBuild(targetClasses);
        notes.add(
            "no sources in " + sourceRoot + "; analyzing the compiled classes in " + targetClasses);
        return new AnalysisRequest(
            input,
            Files.isDirectory(sourceRoot) ? sourceRoot : null,
            List.of(),
            List.of(targetClasses),
            dependencies,
            notes,
            release,
            List.of(),
            List.of(),
            List.of(),
            encodingOf(project));
      }
      classpath.addAll(project.classpath());
      classpath.addAll(checkedClasspath(extraClasspath));
      // --classpath entries are on javac's classpath, where it finds processors when the project
      // names none.
      List<Path> processorPath =
          project.processorPath().equals(project.classpath()) ? classpath : project.processorPath();
      return new AnalysisRequest(
          input,
          sourceRoot,
          sources,
          List.of(),
          classpath,
          notes,
          release,
          processorPath,
          project.processorClasses(),
          project.missingProcessors(),
          encodingOf(project));
    }
    classpath.addAll(checkedClasspath(extraClasspath));
    List<Path> sources = javaSources(sourceRoot, notes);
    if (sources.isEmpty()) {
      throw new BadInputException(
          "no .java files under "
              + sourceRoot
              + " (to analyze compiled classes, pass them with --classes)");
    }
    return new AnalysisRequest(
        input,
        sourceRoot,
        sources,
        List.of(),
        classpath,
        notes,
        JavaRelease.runningJdk(),
        classpath,
        List.of(),
        List.of(),
        StandardCharsets.UTF_8);
  }

  /**
   * Compiled classes given directly ({@code --classes}, or a jar as the path): nothing is compiled.
   *
   * @param input what the user named, or null
   */
  public static AnalysisRequest ofClasses(
      Path input, List<Path> classes, List<Path> extraClasspath) {
    if (classes.isEmpty()) {
      throw new BadInputException("no classes to analyze");
    }
    List<Path> checked = new ArrayList<>();
    for (Path entry : classes) {
      checked.add(checkedEntry(entry, "class folder or jar"));
      refuseProtectedBuild(entry);
    }
    return new AnalysisRequest(
        input,
        null,
        List.of(),
        checked,
        checkedClasspath(extraClasspath),
        List.of(),
        JavaRelease.runningJdk(),
        List.of(),
        List.of(),
        List.of(),
        StandardCharsets.UTF_8);
  }

  /**
   * The rewriter's output holds a closure's generated variants, dispatchers and versioned fields
   * beside the program's code: analyzed, they read as the program's own (writes of the runtime's
   * fields reported as rule errors). Analyzed classes must be the program as written; a protected
   * build on the classpath (a dependency) is fine.
   */
  private static void refuseProtectedBuild(Path entry) {
    if (BundledClasses.protectedBuildOn(List.of(entry))) {
      throw new BadInputException(
          entry
              + " is a protected build (it holds "
              + InstrumentReport.RESOURCE_PATH
              + "): its generated variants are not the program's code. Analyze the sources (the"
              + " project folder), or a build without the rewriter (mvn package"
              + " -Dorthrus.skip=true)");
    }
  }

  private static Charset encodingOf(MavenProject project) {
    return project.sourceEncoding() != null ? project.sourceEncoding() : StandardCharsets.UTF_8;
  }

  private static List<Path> checkedClasspath(List<Path> entries) {
    List<Path> checked = new ArrayList<>();
    for (Path entry : entries) {
      checked.add(checkedEntry(entry, "classpath entry"));
    }
    return checked;
  }

  /**
   * An entry must be a folder or a jar that opens: Soot and javac would otherwise skip a broken jar
   * silently, and the analysis would report its classes as merely missing.
   */
  private static Path checkedEntry(Path entry, String what) {
    if (!Files.exists(entry)) {
      throw new BadInputException(what + " not found: " + entry);
    }
    if (Files.isDirectory(entry)) {
      return entry;
    }
    try (ZipFile zip = new ZipFile(entry.toFile())) {
      return entry;
    } catch (ZipException e) {
      throw new BadInputException(
          what + " is not a readable jar: " + entry + " (" + e.getMessage() + ")", e);
    } catch (IOException e) {
      throw new BadInputException(
          what + " cannot be read: " + entry + " (" + e.getMessage() + ")", e);
    }
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
      throw new BadInputException(
          "cannot list the sources under " + root + ": " + e.getMessage(), e);
    }
  }
}
