package dev.orthrus.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Properties;
import org.apache.maven.model.Dependency;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.codehaus.plexus.util.xml.Xpp3Dom;
import org.junit.jupiter.api.Test;

/** What the extension adds to a project: an execution, the dependencies' scopes. */
class InstrumentLifecycleTest {

  @Test
  void theAddedExecutionGetsThePluginBlocksConfiguration() {
    Plugin plugin = new Plugin();
    Xpp3Dom configuration = new Xpp3Dom("configuration");
    Xpp3Dom roots = new Xpp3Dom("sourceRoots");
    Xpp3Dom root = new Xpp3Dom("sourceRoot");
    root.setValue("target/delombok");
    roots.addChild(root);
    configuration.addChild(roots);
    plugin.setConfiguration(configuration);

    InstrumentLifecycle.bindGoal(plugin);

    PluginExecution added = plugin.getExecutions().get(0);
    assertEquals("default-instrument", added.getId());
    assertEquals("process-classes", added.getPhase());
    Xpp3Dom got = (Xpp3Dom) added.getConfiguration();
    assertEquals("target/delombok", got.getChild("sourceRoots").getChild("sourceRoot").getValue());
  }

  @Test
  void aPluginBlockWithoutConfigurationAddsAnExecutionWithout() {
    Plugin plugin = new Plugin();
    InstrumentLifecycle.bindGoal(plugin);
    assertEquals(1, plugin.getExecutions().size());
    assertNull(plugin.getExecutions().get(0).getConfiguration());
  }

  @Test
  void anExecutionOfTheUsersOwnIsKept() {
    Plugin plugin = new Plugin();
    PluginExecution own = new PluginExecution();
    own.setId("mine");
    own.addGoal("instrument");
    plugin.addExecution(own);
    InstrumentLifecycle.bindGoal(plugin);
    assertEquals(1, plugin.getExecutions().size());
    assertEquals("mine", plugin.getExecutions().get(0).getId());
  }

  /**
   * The test summary runs after every other execution of {@code test}: the lifecycle's own bindings
   * (surefire's {@code default-test}) have negative priorities, a pom's executions 0.
   */
  @Test
  void theTestSummaryComesAfterTheTestsWithWhatItTakesOfTheConfiguration() {
    Plugin plugin = new Plugin();
    Xpp3Dom configuration = new Xpp3Dom("configuration");
    Xpp3Dom fail = new Xpp3Dom("failOnDetection");
    fail.setValue("false");
    configuration.addChild(fail);
    configuration.addChild(new Xpp3Dom("sourceRoots"));
    plugin.setConfiguration(configuration);

    InstrumentLifecycle.bindTestSummary(plugin);
    InstrumentLifecycle.bindTestSummary(plugin);

    assertEquals(2, plugin.getExecutions().size());
    PluginExecution tests = plugin.getExecutions().get(0);
    assertEquals("test", tests.getPhase());
    assertEquals(List.of("test-summary"), tests.getGoals());
    assertTrue(tests.getPriority() > 0);
    Xpp3Dom got = (Xpp3Dom) tests.getConfiguration();
    assertEquals("false", got.getChild("failOnDetection").getValue());
    assertEquals("false", got.getChild("integrationTests").getValue());
    assertNull(got.getChild("sourceRoots"));
    // Failsafe's integration tests, reported after its verify goal.
    PluginExecution integration = plugin.getExecutions().get(1);
    assertEquals("verify", integration.getPhase());
    assertTrue(integration.getPriority() > 0);
    Xpp3Dom its = (Xpp3Dom) integration.getConfiguration();
    assertEquals("true", its.getChild("integrationTests").getValue());
    assertEquals("false", its.getChild("failOnDetection").getValue());
  }

  @Test
  void testJvmsWriteTheirSummariesAndReproducersWhereTheBuildSaysOrUnderTarget() {
    Properties unset = new Properties();
    InstrumentLifecycle.summariesFromTestJvms(unset);
    assertEquals("target/orthrus/test-runs", unset.getProperty("orthrus.summaryFolder"));
    assertEquals("target/orthrus/reproducers", unset.getProperty("orthrus.reproducers"));
    Properties chosen = new Properties();
    chosen.setProperty("orthrus.summaryFolder", "build/runs");
    chosen.setProperty("orthrus.reproducers", "none");
    InstrumentLifecycle.summariesFromTestJvms(chosen);
    assertEquals("build/runs", chosen.getProperty("orthrus.summaryFolder"));
    assertEquals("none", chosen.getProperty("orthrus.reproducers"));
  }

  @Test
  void providedAnnotationsGetScopeCompileAndNothingElseChanges() {
    Dependency annotations = dependency("dev.orthrus", "orthrus-annotations", "provided");
    Dependency other = dependency("org.other", "orthrus-annotations", "provided");
    Dependency servlet = dependency("jakarta.servlet", "jakarta.servlet-api", "provided");
    assertTrue(InstrumentLifecycle.annotationsAtRunTime(List.of(annotations, other, servlet)));
    assertEquals("compile", annotations.getScope());
    assertEquals("provided", other.getScope());
    assertEquals("provided", servlet.getScope());

    Dependency declared = dependency("dev.orthrus", "orthrus-annotations", null);
    assertFalse(InstrumentLifecycle.annotationsAtRunTime(List.of(declared)));
    assertNull(declared.getScope());
  }

  private static Dependency dependency(String group, String artifact, String scope) {
    Dependency d = new Dependency();
    d.setGroupId(group);
    d.setArtifactId(artifact);
    d.setScope(scope);
    return d;
  }
}
