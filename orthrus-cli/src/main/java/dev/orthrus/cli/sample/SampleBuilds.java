package dev.orthrus.cli.sample;

import dev.orthrus.cli.BadInputException;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The two builds of a sample in this project: its vanilla classes ({@code target/classes}) and its
 * protected classes ({@code target/orthrus-classes}, written by {@code orthrus-maven-plugin}), and
 * the class path a JVM needs around them (the runtime, which the CLI bundles). Samples run in JVMs
 * of their own, one per build, so the two builds never meet on one class path.
 */
public record SampleBuilds(
    String sample, Path vanillaClasses, Path protectedClasses, List<Path> runtimeClassPath) {

  /** The samples this project builds, by the name commands take. */
  public static final Set<String> SAMPLES = Set.of("kvcache", "order-book");

  /** The system property the {@code orthrus} script sets to the project's root folder. */
  public static final String ROOT_PROPERTY = "orthrus.root";

  public SampleBuilds {
    runtimeClassPath = List.copyOf(runtimeClassPath);
  }

  /**
   * Finds {@code sample}'s builds under the project root.
   *
   * @throws BadInputException when the sample is unknown, the project root cannot be found, or a
   *     build is missing (the message gives the command that builds it)
   */
  public static SampleBuilds locate(String sample) {
    if (!SAMPLES.contains(sample)) {
      throw new BadInputException(
          "unknown sample '" + sample + "'; the samples are " + String.join(", ", sorted()));
    }
    Path root = projectRoot();
    Path module = root.resolve("samples").resolve(sample);
    Path vanilla = module.resolve("target/classes");
    Path protectedClasses = module.resolve("target/orthrus-classes");
    for (Path build : List.of(vanilla, protectedClasses)) {
      if (!Files.isDirectory(build.resolve("dev"))) {
        throw new BadInputException(
            sample
                + " is not built ("
                + build
                + " is missing); build it with: mvn -B -q package -DskipTests -pl samples/"
                + sample
                + " -am (from "
                + root
                + "), or run the command through the ./orthrus script, which builds it");
      }
    }
    return new SampleBuilds(sample, vanilla, protectedClasses, ownClassPath());
  }

  /** The class path for a JVM running this sample's {@code protectedBuild} or vanilla build. */
  public String classPath(boolean protectedBuild) {
    List<String> entries = new ArrayList<>();
    entries.add((protectedBuild ? protectedClasses : vanillaClasses).toString());
    runtimeClassPath.forEach(p -> entries.add(p.toString()));
    return String.join(File.pathSeparator, entries);
  }

  /**
   * The project root: {@value #ROOT_PROPERTY} when set, else the folder three levels above the CLI
   * jar ({@code <root>/orthrus-cli/target/orthrus.jar}) or its classes folder.
   */
  static Path projectRoot() {
    String property = System.getProperty(ROOT_PROPERTY);
    if (property != null && !property.isBlank()) {
      return Paths.get(property).toAbsolutePath().normalize();
    }
    Path here = codeLocation();
    for (Path p = here; p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("pom.xml")) && Files.isDirectory(p.resolve("samples"))) {
        return p;
      }
    }
    throw new BadInputException(
        "cannot find the Orthrus project (with its samples folder) above "
            + here
            + "; run the command through the ./orthrus script, or set -D"
            + ROOT_PROPERTY
            + "=<project folder>");
  }

  private static Path codeLocation() {
    try {
      return Paths.get(
              SampleBuilds.class.getProtectionDomain().getCodeSource().getLocation().toURI())
          .toAbsolutePath();
    } catch (URISyntaxException e) {
      throw new IllegalStateException("the CLI's own location is not a path", e);
    }
  }

  /** This JVM's class path: the CLI jar, or in tests the modules' class folders. */
  private static List<Path> ownClassPath() {
    List<Path> entries = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!entry.isEmpty()) {
        entries.add(Paths.get(entry).toAbsolutePath());
      }
    }
    return entries;
  }

  private static List<String> sorted() {
    return SAMPLES.stream().sorted().toList();
  }
}
