package dev.orthrus.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.plugin.MojoFailureException;
import org.codehaus.plexus.util.xml.Xpp3Dom;
import org.junit.jupiter.api.Test;

/**
 * The protected build compiles as the project's main compilation does: before, it took the release
 * from the property only (a {@code <release>} in the compiler plugin's block compiled Java 21
 * sources for 17), read every source as UTF-8 and dropped {@code -parameters}.
 */
class CompilerSettingsTest {

  private static Xpp3Dom configuration(String... childValues) {
    Xpp3Dom c = new Xpp3Dom("configuration");
    for (int i = 0; i < childValues.length; i += 2) {
      Xpp3Dom child = new Xpp3Dom(childValues[i]);
      child.setValue(childValues[i + 1]);
      c.addChild(child);
    }
    return c;
  }

  private static Properties properties(String... keyValues) {
    Properties p = new Properties();
    for (int i = 0; i < keyValues.length; i += 2) {
      p.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return p;
  }

  private static Xpp3Dom withArgs(Xpp3Dom configuration, String... args) {
    Xpp3Dom list = new Xpp3Dom("compilerArgs");
    for (String a : args) {
      Xpp3Dom arg = new Xpp3Dom("arg");
      arg.setValue(a);
      list.addChild(arg);
    }
    configuration.addChild(list);
    return configuration;
  }

  @Test
  void theReleaseComesFromThePluginBlockThenThePropertyThenSourceAndTarget() throws Exception {
    assertEquals(
        21,
        CompilerSettings.of(
                configuration("release", "21"), properties("maven.compiler.release", "17"))
            .release());
    assertEquals(
        19, CompilerSettings.of(null, properties("maven.compiler.release", "19")).release());
    assertEquals(
        21,
        CompilerSettings.of(
                null, properties("maven.compiler.source", "21", "maven.compiler.target", "21"))
            .release());
    assertEquals(
        17,
        CompilerSettings.of(configuration("source", "1.8", "target", "1.8"), new Properties())
            .release(),
        "sources for an older Java compile for the oldest release Orthrus supports");
    assertEquals(17, CompilerSettings.of(null, new Properties()).release());
    MojoFailureException old =
        assertThrows(
            MojoFailureException.class,
            () -> CompilerSettings.of(configuration("release", "11"), new Properties()));
    assertTrue(old.getMessage().contains("release 11"), old.getMessage());
  }

  @Test
  void theSourcesAreReadInTheBuildsEncoding() throws Exception {
    assertEquals(
        StandardCharsets.ISO_8859_1,
        CompilerSettings.of(null, properties("project.build.sourceEncoding", "ISO-8859-1"))
            .encoding());
    assertEquals(
        Charset.forName("windows-1252"),
        CompilerSettings.of(
                configuration("encoding", "windows-1252"),
                properties("project.build.sourceEncoding", "UTF-8"))
            .encoding());
    assertEquals(
        StandardCharsets.UTF_16LE,
        CompilerSettings.of(withArgs(configuration(), "-encoding", "UTF-16LE"), new Properties())
            .encoding());
    assertEquals(Charset.defaultCharset(), CompilerSettings.of(null, new Properties()).encoding());
    assertThrows(
        MojoFailureException.class,
        () -> CompilerSettings.of(configuration("encoding", "no-such-charset"), new Properties()));
  }

  @Test
  void optionsThatChangeTheClassFilesArePassedOnWarningsAndPluginsAreNot() throws Exception {
    CompilerSettings settings =
        CompilerSettings.of(
            withArgs(
                configuration("parameters", "true", "enablePreview", "true"),
                "-Xlint:all",
                "-Werror",
                "--add-exports",
                "java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-modules=jdk.incubator.vector",
                "-parameters",
                "-Xplugin:ErrorProne",
                "-Amapstruct.defaultComponentModel=default"),
            new Properties());
    assertEquals(
        List.of(
            "-parameters",
            "--enable-preview",
            "--add-exports",
            "java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-modules=jdk.incubator.vector"),
        settings.javacOptions());
    assertEquals(
        List.of("-parameters"),
        CompilerSettings.of(null, properties("maven.compiler.parameters", "true")).javacOptions());
  }

  @Test
  void theDefaultCompileExecutionsConfigurationWinsOverThePluginBlocks() throws Exception {
    Plugin plugin = new Plugin();
    plugin.setConfiguration(configuration("release", "17", "parameters", "true"));
    PluginExecution compile = new PluginExecution();
    compile.setId("default-compile");
    compile.setConfiguration(configuration("release", "21"));
    plugin.addExecution(compile);
    CompilerSettings settings =
        CompilerSettings.of(CompilerSettings.configuration(plugin), new Properties());
    assertEquals(21, settings.release());
    assertEquals(List.of("-parameters"), settings.javacOptions());
  }
}
