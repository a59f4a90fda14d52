package dev.orthrus.maven;

import java.util.List;
import java.util.Properties;
import org.apache.maven.AbstractMavenLifecycleParticipant;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Dependency;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.project.MavenProject;
import org.codehaus.plexus.util.xml.Xpp3Dom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Completes the setup of a project that declares the plugin with {@code
 * <extensions>true</extensions>}, so that the plugin block is all a user adds to the pom (decision
 * 0036):
 *
 * <ul>
 *   <li>binds the {@code instrument} goal when the project has no execution of it (a project that
 *       binds the goal itself keeps its own execution);
 *   <li>adds {@code dev.orthrus:orthrus-runtime}, at the plugin's own version and scope {@code
 *       compile}, when the project does not declare it: the protected classes call it, and it
 *       brings the annotations the sources compile against. A project that declares it keeps its
 *       version and scope. The build log says when it was added;
 *   <li>gives {@code dev.orthrus:orthrus-annotations} scope {@code compile} where the project
 *       declares it {@code provided}, as annotation-only artifacts often are: the protected classes
 *       use its closure descriptors when they run. The build log says so.
 * </ul>
 *
 * <p>Without {@code <extensions>true</extensions>} Maven never calls this class, and the goal
 * checks the dependency instead (it fails and prints the dependency to add). Registered in {@code
 * META-INF/plexus/components.xml}: Maven looks up lifecycle participants of a plugin extension
 * there.
 */
public final class InstrumentLifecycle extends AbstractMavenLifecycleParticipant {

  static final String PLUGIN_KEY = "dev.orthrus:orthrus-maven-plugin";

  /** Maven's own logging, which it offers to extensions. */
  private static final Logger LOG = LoggerFactory.getLogger(InstrumentLifecycle.class);

  @Override
  public void afterProjectsRead(MavenSession session) {
    for (MavenProject project : session.getProjects()) {
      Plugin plugin = project.getPlugin(PLUGIN_KEY);
      if (plugin == null) {
        continue;
      }
      summariesFromTestJvms(session.getUserProperties());
      bindGoal(plugin);
      if (!"pom".equals(project.getPackaging())) {
        bindTestSummary(plugin);
      }
      addRuntime(project, plugin);
      if (annotationsAtRunTime(project.getModel().getDependencies())) {
        LOG.info(
            "Orthrus: "
                + project.getArtifactId()
                + " declares "
                + InstrumentMojo.ANNOTATIONS
                + " provided; its protected classes use the closure descriptors in it when they"
                + " run, so this build gives it scope compile");
      }
    }
  }

  /**
   * Test JVMs write their exit summaries where {@link TestSummaryMojo} reads them, and their
   * reproducers under {@code target} too (where {@code mvn clean} removes them), unless the build
   * names other folders: the properties reach surefire's and failsafe's forks as every user
   * property does.
   */
  static void summariesFromTestJvms(Properties userProperties) {
    if (userProperties.getProperty(TestSummaryMojo.SUMMARY_FOLDER_PROPERTY) == null) {
      userProperties.setProperty(
          TestSummaryMojo.SUMMARY_FOLDER_PROPERTY, TestSummaryMojo.SUMMARY_FOLDER);
    }
    if (userProperties.getProperty(REPRODUCERS_PROPERTY) == null) {
      userProperties.setProperty(REPRODUCERS_PROPERTY, TEST_REPRODUCERS);
    }
  }

  /** The runtime's property naming the folder of its reproducer files. */
  static final String REPRODUCERS_PROPERTY = "orthrus.reproducers";

  /** Where test JVMs write reproducers, relative to the folder they run in. */
  static final String TEST_REPRODUCERS = "target/orthrus/reproducers";

  /**
   * Binds {@code test-summary} to {@code test} and, for failsafe's integration tests, to {@code
   * verify}, after every other execution of the phase (surefire's {@code default-test} included,
   * whatever the order of the plugins in the pom), unless an execution already runs it.
   */
  static void bindTestSummary(Plugin plugin) {
    if (plugin.getExecutions().stream().anyMatch(e -> e.getGoals().contains("test-summary"))) {
      return;
    }
    plugin.addExecution(testSummary(plugin, "default-test-summary", "test", false));
    plugin.addExecution(testSummary(plugin, "default-integration-test-summary", "verify", true));
  }

  private static PluginExecution testSummary(
      Plugin plugin, String id, String phase, boolean integrationTests) {
    PluginExecution execution = new PluginExecution();
    execution.setId(id);
    execution.setPhase(phase);
    execution.addGoal("test-summary");
    execution.setPriority(AFTER_THE_PHASES_OTHER_EXECUTIONS);
    Xpp3Dom own = new Xpp3Dom("configuration");
    // Of the plugin block's configuration, what the goal takes (the rest is instrument's).
    if (plugin.getConfiguration() instanceof Xpp3Dom configuration) {
      for (String name : List.of("skip", "failOnDetection")) {
        if (configuration.getChild(name) != null) {
          own.addChild(new Xpp3Dom(configuration.getChild(name)));
        }
      }
    }
    Xpp3Dom which = new Xpp3Dom("integrationTests");
    which.setValue(Boolean.toString(integrationTests));
    own.addChild(which);
    execution.setConfiguration(own);
    return execution;
  }

  /**
   * An execution's priority orders it within its phase: the lifecycle's own bindings have negative
   * ones, a pom's executions 0.
   */
  static final int AFTER_THE_PHASES_OTHER_EXECUTIONS = 1_000;

  /**
   * Gives a {@code provided} orthrus-annotations dependency scope {@code compile}; true when it
   * did. The model's list is what dependency resolution reads for every later mojo of this build.
   */
  static boolean annotationsAtRunTime(List<Dependency> dependencies) {
    boolean changed = false;
    for (Dependency d : dependencies) {
      if (InstrumentMojo.RUNTIME_GROUP.equals(d.getGroupId())
          && InstrumentMojo.ANNOTATIONS_ARTIFACT.equals(d.getArtifactId())
          && "provided".equals(d.getScope())) {
        d.setScope("compile");
        changed = true;
      }
    }
    return changed;
  }

  /**
   * Binds {@code instrument} to {@code process-classes} unless an execution already runs it. The
   * plugin's {@code <configuration>} reaches executions when Maven reads the pom, before this runs,
   * so the added execution gets a copy of it here: without it, {@code <sourceRoots>} and the other
   * parameters set in the plugin block were ignored.
   */
  static void bindGoal(Plugin plugin) {
    if (plugin.getExecutions().stream().anyMatch(e -> e.getGoals().contains("instrument"))) {
      return;
    }
    PluginExecution execution = new PluginExecution();
    execution.setId("default-instrument");
    execution.setPhase("process-classes");
    execution.addGoal("instrument");
    if (plugin.getConfiguration() instanceof Xpp3Dom configuration) {
      execution.setConfiguration(new Xpp3Dom(configuration));
    }
    plugin.addExecution(execution);
  }

  private void addRuntime(MavenProject project, Plugin plugin) {
    boolean declared =
        project.getDependencies().stream()
            .anyMatch(
                d ->
                    InstrumentMojo.RUNTIME_GROUP.equals(d.getGroupId())
                        && InstrumentMojo.RUNTIME_ARTIFACT.equals(d.getArtifactId()));
    // An aggregator or parent (packaging pom) has no classes to protect; its modules get their own.
    if (declared || plugin.getVersion() == null || "pom".equals(project.getPackaging())) {
      return;
    }
    Dependency runtime = new Dependency();
    runtime.setGroupId(InstrumentMojo.RUNTIME_GROUP);
    runtime.setArtifactId(InstrumentMojo.RUNTIME_ARTIFACT);
    runtime.setVersion(plugin.getVersion());
    runtime.setScope("compile");
    // The model's list is what dependency resolution reads for every later mojo of this build.
    project.getModel().addDependency(runtime);
    LOG.info(
        "Orthrus: "
            + project.getArtifactId()
            + " gets "
            + InstrumentMojo.RUNTIME_GROUP
            + ":"
            + InstrumentMojo.RUNTIME_ARTIFACT
            + ":"
            + plugin.getVersion()
            + " (compile), which its protected classes call; declare it to choose another version"
            + " or scope");
  }
}
