package dev.orthrus.maven;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Plugin;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;
import org.codehaus.plexus.util.xml.Xpp3Dom;

/**
 * Says what the protected closures did while the project's tests ran, and fails the build when a
 * test JVM detected a corruption. Surefire does not show what a test JVM prints after its last
 * test, where the runtime's exit summary comes, so each test JVM also writes its summary into
 * {@code orthrus.summaryFolder} (which the extension sets for the build, {@link
 * InstrumentLifecycle}), and this goal, bound after the tests, reads and removes those files.
 */
@Mojo(name = "test-summary", defaultPhase = LifecyclePhase.TEST, threadSafe = true)
public final class TestSummaryMojo extends AbstractMojo {

  /** The runtime's property naming the folder its exit summary is written into. */
  static final String SUMMARY_FOLDER_PROPERTY = "orthrus.summaryFolder";

  /**
   * Where the extension has test JVMs write their summaries, relative to the folder they run in
   * (the module's, by default).
   */
  static final String SUMMARY_FOLDER = "target/orthrus/test-runs";

  /** The runtime's exit summary files, one per test JVM. */
  private static final String SUMMARY_GLOB = "summary-*.properties";

  /** How many different reasons for executions not validated are printed. */
  private static final int REASONS_PRINTED = 3;

  /** How many detections' lines are printed, of all the test JVMs'. */
  private static final int DETECTIONS_PRINTED = 3;

  @Parameter(property = "orthrus.skip", defaultValue = "false")
  private boolean skip;

  @Parameter(property = "skipTests", defaultValue = "false")
  private boolean skipTests;

  @Parameter(property = "maven.test.skip", defaultValue = "false")
  private boolean skipTestCompilation;

  @Parameter(property = "skipITs", defaultValue = "false")
  private boolean skipIntegrationTests;

  /**
   * Report the integration tests' JVMs (failsafe's), after them: the extension binds a second
   * execution to {@code verify} with this set. Without summaries it says nothing, as most builds
   * have no integration tests.
   */
  @Parameter(defaultValue = "false")
  private boolean integrationTests;

  /**
   * Fail the build when a test JVM detected a corruption. A fault-free test run has none: a
   * detection is a faulty core or a false alarm, and either needs a look.
   */
  @Parameter(property = "orthrus.failOnDetection", defaultValue = "true")
  private boolean failOnDetection;

  @Parameter(defaultValue = "${project}", readonly = true, required = true)
  private MavenProject project;

  @Parameter(defaultValue = "${session}", readonly = true, required = true)
  private MavenSession session;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip
        || skipTests
        || skipTestCompilation
        || (integrationTests && skipIntegrationTests)
        || "pom".equals(project.getPackaging())) {
      return;
    }
    String folder = session.getUserProperties().getProperty(SUMMARY_FOLDER_PROPERTY, "");
    if (folder.isBlank()) {
      getLog().debug("Orthrus: " + SUMMARY_FOLDER_PROPERTY + " is not set, no test summary");
      return;
    }
    Path basedir = project.getBasedir().toPath();
    Set<Path> runs = new LinkedHashSet<>();
    runs.add(basedir.resolve(folder));
    String testPlugin = integrationTests ? FAILSAFE : SUREFIRE;
    workingDirectories(project.getBuild().getPluginsAsMap().get(testPlugin))
        .forEach(d -> runs.add(basedir.resolve(d).resolve(folder).normalize()));
    long buildStart = session.getRequest().getStartTime().getTime();
    Summary summary;
    try {
      summary = Summary.read(runs, buildStart);
    } catch (IOException e) {
      throw new MojoExecutionException(
          "Orthrus: could not read the test JVMs' summaries in " + runs + ": " + e.getMessage(), e);
    }
    summary.unreadable.forEach(
        u -> getLog().warn("Orthrus: a test JVM's summary is unreadable and left out: " + u));
    if (summary.testJvms == 0 && integrationTests) {
      return;
    }
    if (summary.testJvms == 0) {
      getLog()
          .info(
              "Orthrus: no test JVM of this build reported closure executions (no test called a"
                  + " closure, or the runtime was off)");
      return;
    }
    String line =
        "Orthrus: closures in the "
            + (integrationTests ? "integration tests" : "tests")
            + ": "
            + InstrumentMojo.count(summary.validated, "execution validated", "executions validated")
            + ", "
            + summary.notValidated
            + " not validated, "
            + InstrumentMojo.count(summary.detections, "detection", "detections")
            + (summary.testJvms > 1 ? " (" + summary.testJvms + " test JVMs)" : "")
            + (summary.sampled
                ? "; a sample of the executions was logged: orthrus.sampling=all in surefire's"
                    + " systemPropertyVariables validates every one"
                : "");
    if (summary.detections == 0) {
      getLog().info(line);
      summary.reasons.stream().limit(REASONS_PRINTED).forEach(r -> getLog().info("  " + r));
      return;
    }
    List<String> lines = new ArrayList<>();
    lines.add(line);
    summary.detectionLines.forEach(d -> lines.add("  " + d));
    lines.add(
        "  a fault-free test run has none: each `orthrus: SDC detected` line names the closure,"
            + " the thread and the CPU"
            + (summary.reproducers.isEmpty()
                ? ""
                : ", and the reproducers are in " + String.join(", ", summary.reproducers))
            + "; a CHECKSUM found by a control-path check also follows a test's own write into"
            + " user data outside closures (test-compile warns of those); any other detection on"
            + " correct code is a false alarm of Orthrus: report it");
    if (failOnDetection) {
      throw new MojoFailureException(
          String.join("\n", lines)
              + " (-Dorthrus.failOnDetection=false reports without failing the build)");
    }
    lines.forEach(getLog()::warn);
  }

  private static final String SUREFIRE = "org.apache.maven.plugins:maven-surefire-plugin";

  private static final String FAILSAFE = "org.apache.maven.plugins:maven-failsafe-plugin";

  /** The test plugins' parameter naming the folder their JVMs run in. */
  private static final String FOLDER = "workingDirectory";

  /**
   * The {@code workingDirectory} folders the test plugin's block and its executions give their
   * JVMs, which write the summaries relative to them.
   */
  static List<String> workingDirectories(Plugin testPlugin) {
    List<String> folders = new ArrayList<>();
    if (testPlugin == null) {
      return folders;
    }
    List<Object> configurations = new ArrayList<>();
    configurations.add(testPlugin.getConfiguration());
    testPlugin.getExecutions().forEach(e -> configurations.add(e.getConfiguration()));
    for (Object c : configurations) {
      Xpp3Dom folder = c instanceof Xpp3Dom configuration ? configuration.getChild(FOLDER) : null;
      if (folder != null && folder.getValue() != null && !folder.getValue().isBlank()) {
        folders.add(folder.getValue().trim());
      }
    }
    return folders;
  }

  /** The sum of the summaries the test JVMs of this build wrote. */
  static final class Summary {
    int testJvms;
    long validated;
    long notValidated;
    long detections;
    final Set<String> reproducers = new LinkedHashSet<>();
    final Set<String> reasons = new LinkedHashSet<>();
    final List<String> unreadable = new ArrayList<>();

    /** Some test JVM logged a sample of the executions, not every one. */
    boolean sampled;

    /** The first detections' lines, as the test JVMs printed them. */
    final List<String> detectionLines = new ArrayList<>();

    /**
     * Reads and removes the summaries in the folders {@code runs}; those older than {@code since}
     * (a previous build's) are removed unread. An absent folder adds nothing.
     */
    static Summary read(Collection<Path> runs, long since) throws IOException {
      Summary s = new Summary();
      List<Path> files = new ArrayList<>();
      for (Path folder : runs) {
        if (Files.isDirectory(folder)) {
          try (Stream<Path> listed = Files.list(folder)) {
            listed
                .filter(
                    p ->
                        p.getFileSystem()
                            .getPathMatcher("glob:" + SUMMARY_GLOB)
                            .matches(p.getFileName()))
                .sorted()
                .forEach(files::add);
          }
        }
      }
      for (Path file : files) {
        if (Files.getLastModifiedTime(file).toMillis() >= since) {
          try {
            s.add(file);
          } catch (IOException | IllegalArgumentException e) {
            s.unreadable.add(file + ": " + e.getMessage());
          }
        }
        Files.delete(file);
      }
      return s;
    }

    private void add(Path file) throws IOException {
      Properties p = new Properties();
      try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        p.load(in);
      }
      long validatedHere = number(p, "validated");
      long notValidatedHere = number(p, "notValidated");
      long detected = number(p, "detections");
      long reproducersWritten = number(p, "reproducersWritten");
      testJvms++;
      sampled |= !Boolean.parseBoolean(p.getProperty("everyExecution"));
      validated += validatedHere;
      notValidated += notValidatedHere;
      detections += detected;
      String reproducerFolder = p.getProperty("reproducerFolder");
      if (reproducersWritten > 0 && reproducerFolder != null) {
        reproducers.add(reproducerFolder);
      }
      for (int i = 1; p.getProperty("detection." + i) != null; i++) {
        if (detectionLines.size() < DETECTIONS_PRINTED) {
          detectionLines.add(p.getProperty("detection." + i));
        }
      }
      String reason = p.getProperty("notValidatedSummary");
      if (reason != null) {
        reasons.add(reason);
      }
    }

    private static long number(Properties p, String key) {
      String value = p.getProperty(key);
      try {
        return Long.parseLong(value);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("no whole number " + key + " (" + value + ")", e);
      }
    }
  }
}
