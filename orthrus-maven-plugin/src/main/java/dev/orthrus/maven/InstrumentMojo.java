package dev.orthrus.maven;

import dev.orthrus.rewriter.InstrumentException;
import dev.orthrus.rewriter.InstrumentRequest;
import dev.orthrus.rewriter.InstrumentResult;
import dev.orthrus.rewriter.Instrumenter;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;

/**
 * Instruments the compiled project: its closures are logged and validated, its user data becomes
 * versioned. Runs after {@code compile}, recompiles the same sources through the Orthrus pipeline
 * and writes the protected classes over the vanilla ones, so every later phase (tests, jar) works
 * on the protected program. {@code -Dorthrus.skip=true} leaves the vanilla classes in place.
 */
@Mojo(
    name = "instrument",
    defaultPhase = LifecyclePhase.PROCESS_CLASSES,
    // Compile and runtime: a runtime-scoped orthrus-runtime is named as such, not as missing.
    requiresDependencyResolution = ResolutionScope.COMPILE_PLUS_RUNTIME,
    threadSafe = true)
public final class InstrumentMojo extends AbstractMojo {

  static final String RUNTIME_GROUP = "dev.orthrus";
  static final String RUNTIME_ARTIFACT = "orthrus-runtime";
  static final String ANNOTATIONS_ARTIFACT = "orthrus-annotations";
  static final String ANNOTATIONS = RUNTIME_GROUP + ":" + ANNOTATIONS_ARTIFACT;

  /** Build the sources vanilla: the classes {@code compile} wrote stay as they are. */
  @Parameter(property = "orthrus.skip", defaultValue = "false")
  private boolean skip;

  /** Where the rewritten sources are written, one per input file, for the user to read. */
  @Parameter(
      property = "orthrus.generatedSources",
      defaultValue = "${project.build.directory}/generated-sources/orthrus",
      required = true)
  private File generatedSources;

  /** Where the protected classes go; by default they replace the vanilla ones. */
  @Parameter(
      property = "orthrus.classOutput",
      defaultValue = "${project.build.outputDirectory}",
      required = true)
  private File classOutput;

  /** The folders of the Java sources to instrument. */
  @Parameter(defaultValue = "${project.compileSourceRoots}", required = true)
  private List<String> sourceRoots;

  /** The class path the sources compile against. */
  @Parameter(defaultValue = "${project.compileClasspathElements}", readonly = true, required = true)
  private List<String> classPath;

  @Parameter(defaultValue = "${project}", readonly = true, required = true)
  private MavenProject project;

  @Parameter(defaultValue = "${session}", readonly = true, required = true)
  private MavenSession session;

  @Parameter(defaultValue = "${plugin.version}", readonly = true, required = true)
  private String pluginVersion;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    ProtectedClasses protectedClasses = ProtectedClasses.of(project.getBuild().getDirectory());
    if (skip) {
      List<Path> removed = protectedClasses.checkGone();
      if (!removed.isEmpty()) {
        getLog()
            .info(
                "Orthrus: removed "
                    + count(removed.size(), "file", "files")
                    + " that only the protected build makes (e.g. "
                    + removed.get(0)
                    + ")");
      }
      getLog().info("Orthrus instrumentation skipped (orthrus.skip): the classes stay vanilla");
      return;
    }
    List<Path> roots = existingSourceRoots();
    if (roots.isEmpty()) {
      getLog().info("Orthrus: no Java sources in " + sourceRoots + ", nothing to instrument");
      return;
    }
    checkRuntimeDependency();
    // The main compilation's release, encoding and options, so that the protected classes are
    // compiled as the vanilla ones were; -Dmaven.compiler.release=21 counts as it does there.
    Properties properties = new Properties();
    properties.putAll(project.getProperties());
    properties.putAll(session.getUserProperties());
    CompilerSettings compiler =
        CompilerSettings.of(
            CompilerSettings.configuration(project.getPlugin(CompilerSettings.COMPILER_PLUGIN)),
            properties);
    getLog()
        .debug(
            "Orthrus: compiling for release "
                + compiler.release()
                + " ("
                + compiler.releaseFrom()
                + "), sources in "
                + compiler.encoding()
                + ", options "
                + compiler.javacOptions());
    InstrumentRequest request =
        new InstrumentRequest(
            roots,
            classPath.stream().map(Path::of).toList(),
            generatedSources.toPath(),
            classOutput.toPath(),
            compiler.release(),
            compiler.encoding(),
            compiler.javacOptions());
    ProtectedClasses.Snapshot before = ProtectedClasses.snapshot(classOutput.toPath());
    InstrumentResult result;
    try {
      result = Instrumenter.instrument(request);
    } catch (InstrumentException e) {
      // One problem per line, as file:line:col, which editors and CI logs link; no stack trace.
      throw new MojoFailureException(
          "Orthrus cannot instrument "
              + project.getArtifactId()
              + ":"
              + System.lineSeparator()
              + e.getMessage());
    }
    protectedClasses.record(before, ProtectedClasses.snapshot(classOutput.toPath()));
    getLog()
        .info(
            "Orthrus: "
                + count(result.closures().size(), "closure", "closures")
                + " logged and validated"
                + partly(result.notValidated().size())
                + ", "
                + count(result.versionedClasses().size(), "class", "classes")
                + " versioned"
                + exported(result)
                + "; protected classes in "
                + classOutput
                + ", rewritten sources in "
                + generatedSources
                + (result.report() == null ? "" : ", report " + result.report()));
    result.ruleWarnings().forEach(w -> getLog().warn("Orthrus: " + w));
    result.notValidatedWarnings().forEach(w -> getLog().warn("Orthrus: " + w));
  }

  /** Says how many closures the warnings below name as not validated in every execution. */
  private static String partly(int closures) {
    return closures == 0
        ? ""
        : " (" + closures + " of them not in every execution: see the warnings below)";
  }

  /**
   * The source roots that exist, without the generated-sources folder: a root configured by another
   * plugin may not have been created, and the rewritten sources must never be read as input.
   */
  private List<Path> existingSourceRoots() throws MojoExecutionException {
    Path generated = generatedSources.toPath().toAbsolutePath().normalize();
    List<Path> roots = new ArrayList<>();
    for (String root : sourceRoots) {
      Path path = Path.of(root).toAbsolutePath().normalize();
      if (Files.isDirectory(path) && !path.startsWith(generated) && holdsJavaSources(path)) {
        roots.add(path);
      }
    }
    return roots;
  }

  private static boolean holdsJavaSources(Path root) throws MojoExecutionException {
    try (Stream<Path> files = Files.walk(root)) {
      return files.anyMatch(f -> f.toString().endsWith(".java") && Files.isRegularFile(f));
    } catch (IOException | UncheckedIOException e) {
      throw new MojoExecutionException("cannot list the sources under " + root, e);
    }
  }

  /**
   * The generated code calls orthrus-runtime, so the program needs it when it runs; a dependency is
   * the only way it reaches the program's class path, so the plugin never adds it behind the user's
   * back.
   */
  private void checkRuntimeDependency() throws MojoFailureException {
    String name = RUNTIME_GROUP + ":" + RUNTIME_ARTIFACT;
    for (Artifact artifact : project.getArtifacts()) {
      if (RUNTIME_GROUP.equals(artifact.getGroupId())
          && ANNOTATIONS_ARTIFACT.equals(artifact.getArtifactId())
          && Artifact.SCOPE_PROVIDED.equals(artifact.getScope())) {
        // Declared provided, it wins over the copy orthrus-runtime brings, and is left out of the
        // program's class path.
        throw new MojoFailureException(
            "Orthrus: "
                + ANNOTATIONS
                + " has scope provided, but the protected classes use the closure descriptors in"
                + " it when they run: remove <scope>provided</scope> (or the dependency:"
                + " orthrus-runtime brings it), or declare the plugin with"
                + " <extensions>true</extensions>");
      }
    }
    for (Artifact artifact : project.getArtifacts()) {
      if (RUNTIME_GROUP.equals(artifact.getGroupId())
          && RUNTIME_ARTIFACT.equals(artifact.getArtifactId())) {
        if (Artifact.SCOPE_RUNTIME.equals(artifact.getScope())) {
          throw new MojoFailureException(
              "Orthrus: "
                  + name
                  + " has scope runtime, but the protected classes compile against it: give it"
                  + " scope compile (remove <scope>runtime</scope>)");
        }
        return;
      }
    }
    String nl = System.lineSeparator();
    throw new MojoFailureException(
        "Orthrus: "
            + project.getArtifactId()
            + " does not depend on "
            + name
            + ", which the protected classes call when they run. Add it to the pom's"
            + " <dependencies>:"
            + nl
            + "  <dependency>"
            + nl
            + "    <groupId>"
            + RUNTIME_GROUP
            + "</groupId>"
            + nl
            + "    <artifactId>"
            + RUNTIME_ARTIFACT
            + "</artifactId>"
            + nl
            + "    <version>"
            + pluginVersion
            + "</version>"
            + nl
            + "  </dependency>"
            + nl
            + "or build the vanilla program with -Dorthrus.skip=true");
  }

  private static String exported(InstrumentResult result) {
    int n = result.exportedMethods().size();
    return n == 0
        ? ""
        : ", " + count(n, "public method", "public methods") + " with variants for other modules";
  }

  /** {@code n} and the noun for it, {@code one} or {@code many}: "1 file", "3 files". */
  static String count(long n, String one, String many) {
    return n + " " + (n == 1 ? one : many);
  }
}
