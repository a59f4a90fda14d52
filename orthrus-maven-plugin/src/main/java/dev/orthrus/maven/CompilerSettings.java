package dev.orthrus.maven;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.plugin.MojoFailureException;
import org.codehaus.plexus.util.xml.Xpp3Dom;

/**
 * What the protected build takes over from the project's main compilation ({@code
 * maven-compiler-plugin}'s {@code default-compile}, its configuration or the usual properties), so
 * that the protected classes are compiled as the vanilla ones were: the release, the sources'
 * encoding, and the options that change how the sources compile or what the class files hold.
 * Options about warnings, javac plugins and annotation processors are the user's build's business,
 * not the generated code's, and are left out.
 *
 * @param release the {@code --release} to compile for
 * @param releaseFrom where the release came from, for messages
 * @param encoding the sources' encoding
 * @param javacOptions {@code -parameters}, {@code --enable-preview}, {@code --add-exports} and the
 *     like, in the user's order
 */
record CompilerSettings(
    int release, String releaseFrom, Charset encoding, List<String> javacOptions) {

  static final String COMPILER_PLUGIN = "org.apache.maven.plugins:maven-compiler-plugin";

  /** The release when the build names none: the oldest Orthrus supports. */
  static final int DEFAULT_RELEASE = 17;

  /** Options passed on alone. */
  private static final Set<String> FLAGS = Set.of("-parameters", "--enable-preview");

  /**
   * Options passed on with their argument ({@code --add-exports a=b} or {@code --add-exports=a=b}).
   */
  private static final Set<String> WITH_ARGUMENT =
      Set.of("--add-exports", "--add-reads", "--add-modules", "--limit-modules");

  /**
   * The settings a compiler plugin {@code configuration} (null: none) and the project's {@code
   * properties} give, as maven-compiler-plugin reads them: the configuration first, then its
   * properties ({@code maven.compiler.release}, {@code .source}, {@code .target}, {@code
   * .parameters}, {@code .enablePreview}, {@code project.build.sourceEncoding}).
   */
  static CompilerSettings of(Xpp3Dom configuration, Properties properties)
      throws MojoFailureException {
    String release = value(configuration, "release", properties, "maven.compiler.release");
    int chosen;
    String from;
    if (release != null) {
      chosen = version(release, "release");
      from = "release " + release;
      if (chosen < DEFAULT_RELEASE) {
        throw new MojoFailureException(
            "Orthrus: the build compiles for "
                + from
                + "; Orthrus instruments sources compiled for Java "
                + DEFAULT_RELEASE
                + " or newer");
      }
    } else {
      // source and target without release: the newer of the two, at least the oldest supported.
      chosen = DEFAULT_RELEASE;
      from = "the default";
      for (String name : List.of("source", "target")) {
        String v = value(configuration, name, properties, "maven.compiler." + name);
        if (v != null && version(v, name) > chosen) {
          chosen = version(v, name);
          from = name + " " + v;
        }
      }
    }
    String encoding = value(configuration, "encoding", properties, "project.build.sourceEncoding");
    List<String> options = new ArrayList<>();
    if (Boolean.parseBoolean(
        value(configuration, "parameters", properties, "maven.compiler.parameters"))) {
      options.add("-parameters");
    }
    if (Boolean.parseBoolean(
        value(configuration, "enablePreview", properties, "maven.compiler.enablePreview"))) {
      options.add("--enable-preview");
    }
    List<String> args = compilerArgs(configuration);
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
      if (FLAGS.contains(arg) && !options.contains(arg)) {
        options.add(arg);
      } else if (WITH_ARGUMENT.contains(name)) {
        options.add(arg);
        if (name.equals(arg) && i + 1 < args.size()) {
          options.add(args.get(++i));
        }
      } else if (arg.equals("-encoding") && i + 1 < args.size()) {
        encoding = args.get(++i);
      }
    }
    return new CompilerSettings(chosen, from, charset(encoding), List.copyOf(options));
  }

  /** The plugin's configuration merged with its {@code default-compile} execution's; or null. */
  static Xpp3Dom configuration(Plugin plugin) {
    if (plugin == null) {
      return null;
    }
    Xpp3Dom merged = plugin.getConfiguration() instanceof Xpp3Dom c ? new Xpp3Dom(c) : null;
    PluginExecution compile = plugin.getExecutionsAsMap().get("default-compile");
    if (compile != null && compile.getConfiguration() instanceof Xpp3Dom c) {
      merged = merged == null ? new Xpp3Dom(c) : Xpp3Dom.mergeXpp3Dom(new Xpp3Dom(c), merged);
    }
    return merged;
  }

  /** A setting's value in the configuration, else the property's; null when neither is set. */
  private static String value(
      Xpp3Dom configuration, String child, Properties properties, String property) {
    Xpp3Dom node = configuration == null ? null : configuration.getChild(child);
    String v = node == null ? null : node.getValue();
    if (v == null || v.isBlank() || v.contains("${")) {
      v = properties.getProperty(property);
    }
    return v == null || v.isBlank() || v.contains("${") ? null : v.trim();
  }

  /** {@code <compilerArgs>}' {@code <arg>}s, then the old {@code <compilerArgument>}'s words. */
  private static List<String> compilerArgs(Xpp3Dom configuration) {
    List<String> args = new ArrayList<>();
    if (configuration == null) {
      return args;
    }
    Xpp3Dom list = configuration.getChild("compilerArgs");
    if (list != null) {
      for (Xpp3Dom arg : list.getChildren()) {
        if (arg.getValue() != null && !arg.getValue().isBlank()) {
          args.add(arg.getValue().trim());
        }
      }
    }
    Xpp3Dom single = configuration.getChild("compilerArgument");
    if (single != null && single.getValue() != null) {
      args.addAll(List.of(single.getValue().trim().split("\\s+")));
    }
    return args;
  }

  /** {@code 21}, or {@code 1.8} as 8. */
  private static int version(String v, String what) throws MojoFailureException {
    String number = v.startsWith("1.") ? v.substring(2) : v;
    try {
      return Integer.parseInt(number);
    } catch (NumberFormatException e) {
      throw new MojoFailureException(
          "Orthrus: the compiler's " + what + " is " + v + ", not a Java version");
    }
  }

  /** The named charset; the platform's, as javac takes it, when the build names none. */
  private static Charset charset(String name) throws MojoFailureException {
    if (name == null) {
      return Charset.defaultCharset();
    }
    try {
      return Charset.forName(name);
    } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
      throw new MojoFailureException(
          "Orthrus: the sources' encoding " + name + " is not one this JVM knows");
    }
  }
}
