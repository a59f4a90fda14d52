package dev.orthrus.cli;

import static dev.orthrus.cli.ShopSources.COUNTER;
import static dev.orthrus.cli.ShopSources.STATIC_WRITE;
import static dev.orthrus.cli.ShopSources.TALLY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "Add Orthrus to a Maven build" snippet, pasted into a new Maven project with nothing
 * else, compiles with the processor running, and a rule error fails that build. The snippet is read
 * from README.md itself, so the README and this test cannot drift apart.
 *
 * <p>The Orthrus artifacts the child build needs come from a file repository this test fills from
 * the jars the reactor just built (nothing is installed into the user's local repository). The
 * child build has a local repository of its own under {@code target/} (its {@code dev.orthrus} part
 * is replaced every run) and reads everything else from the user's local repository, as a file
 * repository, before Maven Central; offline ({@code mvn -o}) it stays offline.
 */
class ReadmeSnippetIT {

  private static final long TIMEOUT_SECONDS = 300;
  private static final String SNIPPET_SECTION = "## Add Orthrus to a Maven build";
  private static final String ORTHRUS_GROUP_PATH = "META-INF/maven/dev.orthrus/";

  private static final Path REPO =
      Path.of(System.getProperty("orthrus.repo", "..")).toAbsolutePath().normalize();
  private static final Path WORK =
      Path.of(System.getProperty("orthrus.it.work", "target/readme-it")).toAbsolutePath();
  private static final String VERSION = System.getProperty("orthrus.version", "0.1.0-SNAPSHOT");

  @TempDir Path dir;

  /** The file repository with the orthrus artifacts of this build, and the child's settings. */
  private static Path settings;

  @BeforeAll
  static void publishThisBuildsArtifacts() throws IOException {
    Path repository = WORK.resolve("orthrus-repository");
    Path localRepository = WORK.resolve("local-repository");
    deleteTree(repository);
    // Never a stale snapshot: the child resolves dev.orthrus afresh from this build's jars.
    deleteTree(localRepository.resolve("dev/orthrus"));
    int published = 0;
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (entry.endsWith(".jar")) {
        published += publish(Path.of(entry), repository);
      }
    }
    assertTrue(
        published >= 3,
        "the orthrus annotations, model and processor jars are not on the test classpath: "
            + System.getProperty("java.class.path"));
    // Each module's pom names orthrus-parent, the root pom.
    copyArtifact(
        Files.readAllBytes(REPO.resolve("pom.xml")), repository, "orthrus-parent", VERSION, "pom");

    Path userRepository =
        Path.of(
            System.getProperty(
                "orthrus.it.userRepository",
                Path.of(System.getProperty("user.home"), ".m2", "repository").toString()));
    settings = WORK.resolve("settings.xml");
    Files.writeString(
        settings,
        """
        <settings>
          <localRepository>%s</localRepository>
          <profiles>
            <profile>
              <id>orthrus-readme-it</id>
              <repositories>
                <repository>
                  <id>orthrus-build</id>
                  <url>%s</url>
                  <releases><enabled>false</enabled></releases>
                  <snapshots><enabled>true</enabled></snapshots>
                </repository>
                <repository>
                  <id>user-local-repository</id>
                  <url>%s</url>
                  <snapshots><enabled>false</enabled></snapshots>
                </repository>
              </repositories>
              <pluginRepositories>
                <pluginRepository>
                  <id>user-local-repository</id>
                  <url>%s</url>
                  <snapshots><enabled>false</enabled></snapshots>
                </pluginRepository>
              </pluginRepositories>
            </profile>
          </profiles>
          <activeProfiles><activeProfile>orthrus-readme-it</activeProfile></activeProfiles>
        </settings>
        """
            .formatted(
                localRepository,
                repository.toUri(),
                userRepository.toUri(),
                userRepository.toUri()),
        StandardCharsets.UTF_8);
  }

  /**
   * Copies a jar built by this reactor (it carries its pom) into the repository; 1 if it is
   * orthrus's.
   */
  private static int publish(Path jar, Path repository) throws IOException {
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      Enumeration<? extends ZipEntry> entries = zip.entries();
      while (entries.hasMoreElements()) {
        String name = entries.nextElement().getName();
        if (name.startsWith(ORTHRUS_GROUP_PATH) && name.endsWith("/pom.properties")) {
          Properties coordinates = new Properties();
          try (InputStream in = zip.getInputStream(zip.getEntry(name))) {
            coordinates.load(in);
          }
          String artifactId = coordinates.getProperty("artifactId");
          String version = coordinates.getProperty("version");
          byte[] pom;
          try (InputStream in =
              zip.getInputStream(zip.getEntry(name.replace("pom.properties", "pom.xml")))) {
            pom = in.readAllBytes();
          }
          copyArtifact(pom, repository, artifactId, version, "pom");
          copyArtifact(Files.readAllBytes(jar), repository, artifactId, version, "jar");
          return 1;
        }
      }
    }
    return 0;
  }

  private static void copyArtifact(
      byte[] content, Path repository, String artifactId, String version, String type)
      throws IOException {
    Path file =
        repository
            .resolve("dev/orthrus")
            .resolve(artifactId)
            .resolve(version)
            .resolve(artifactId + "-" + version + "." + type);
    Files.createDirectories(file.getParent());
    Files.write(file, content);
  }

  /** The first xml block of the README section, as the user copies it. */
  static String readmeSnippet() throws IOException {
    String readme = Files.readString(REPO.resolve("README.md"), StandardCharsets.UTF_8);
    int section = readme.indexOf("\n" + SNIPPET_SECTION + "\n");
    assertTrue(section >= 0, "README.md has no section '" + SNIPPET_SECTION + "'");
    int open = readme.indexOf("```xml\n", section);
    int close = readme.indexOf("\n```", open + 1);
    assertTrue(
        open >= 0 && close > open, "no ```xml block under '" + SNIPPET_SECTION + "' in README.md");
    return readme.substring(open + "```xml\n".length(), close + 1);
  }

  /** A new project: coordinates, the snippet, and the sources; nothing else. */
  private Path project(String name, String... sources) throws IOException {
    Path project = dir.resolve(name);
    Files.createDirectories(project);
    Files.writeString(
        project.resolve("pom.xml"),
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <project xmlns="http://maven.apache.org/POM/4.0.0"
                 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                 xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
          <modelVersion>4.0.0</modelVersion>
          <groupId>shop</groupId>
          <artifactId>%s</artifactId>
          <version>1.0</version>

        %s
        </project>
        """
            .formatted(name, readmeSnippet()),
        StandardCharsets.UTF_8);
    for (int i = 0; i < sources.length; i += 2) {
      Path file = project.resolve("src/main/java/shop").resolve(sources[i]);
      Files.createDirectories(file.getParent());
      Files.writeString(file, sources[i + 1], StandardCharsets.UTF_8);
    }
    return project;
  }

  private record Build(int exitCode, String log) {}

  private Build mvnCompile(Path project) throws IOException, InterruptedException {
    Path mavenHome = Path.of(System.getProperty("maven.home", ""));
    Path mvn = mavenHome.resolve("bin").resolve(File.separatorChar == '\\' ? "mvn.cmd" : "mvn");
    assertTrue(Files.isRegularFile(mvn), "no mvn at " + mvn + " (maven.home " + mavenHome + ")");
    List<String> command =
        new ArrayList<>(List.of(mvn.toString(), "-B", "-ntp", "-s", settings.toString()));
    if ("offline=true".equals(System.getProperty("orthrus.it.maven"))) {
      // Offline, Maven refuses file repositories too unless told that they are local.
      command.addAll(List.of("-o", "-Daether.offline.protocols=file"));
    }
    command.add("compile");
    Path log = dir.resolve(project.getFileName() + ".log");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(project.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    builder.environment().remove("MAVEN_OPTS");
    Process p = builder.start();
    if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      throw new AssertionError(
          "mvn compile ran longer than " + TIMEOUT_SECONDS + " s:\n" + Files.readString(log));
    }
    return new Build(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
  }

  @Test
  void snippetNamesThisVersion() throws IOException {
    String snippet = readmeSnippet();
    assertTrue(snippet.contains("<version>" + VERSION + "</version>"), snippet);
    assertTrue(snippet.contains("<maven.compiler.release>"), snippet);
  }

  @Test
  void newProjectWithTheSnippetCompilesWithTheProcessorRunning() throws Exception {
    Path project = project("tally", "Counter.java", COUNTER, "Tally.java", TALLY);
    Build build = mvnCompile(project);
    assertEquals(0, build.exitCode(), build.log());
    Path json = project.resolve("target/classes/META-INF/orthrus/closures.json");
    assertTrue(Files.isRegularFile(json), "the processor did not run:\n" + build.log());
    assertTrue(Files.readString(json).contains("\"shop.Tally#add(long)\""), Files.readString(json));
  }

  @Test
  void ruleErrorFailsTheBuildWithItsKey() throws Exception {
    Path project =
        project("hits", "Counter.java", COUNTER, "Tally.java", TALLY, "Hits.java", STATIC_WRITE);
    Build build = mvnCompile(project);
    assertNotEquals(0, build.exitCode(), build.log());
    assertTrue(
        build.log().contains("Hits.java:[10,")
            && build.log().contains("[orthrus.closure.static-write]"),
        build.log());
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> files = Files.walk(root)) {
      for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }
}
