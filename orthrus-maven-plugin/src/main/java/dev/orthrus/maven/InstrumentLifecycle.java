package dev.orthrus.maven;

import org.apache.maven.AbstractMavenLifecycleParticipant;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.project.MavenProject;

/**
 * Binds the {@code instrument} goal for a project that declares the plugin with {@code
 * <extensions>true</extensions>} and no execution of it, so that the plugin block needs no {@code
 * <executions>}. A project that binds the goal itself keeps its own execution. Registered in {@code
 * META-INF/plexus/components.xml}: Maven looks up lifecycle participants of a plugin extension
 * there.
 */
public final class InstrumentLifecycle extends AbstractMavenLifecycleParticipant {

  static final String PLUGIN_KEY = "dev.orthrus:orthrus-maven-plugin";

  @Override
  public void afterProjectsRead(MavenSession session) {
    for (MavenProject project : session.getProjects()) {
      Plugin plugin = project.getPlugin(PLUGIN_KEY);
      if (plugin == null
          || plugin.getExecutions().stream().anyMatch(e -> e.getGoals().contains("instrument"))) {
        continue;
      }
      PluginExecution execution = new PluginExecution();
      execution.setId("default-instrument");
      execution.setPhase("process-classes");
      execution.addGoal("instrument");
      plugin.addExecution(execution);
    }
  }
}
