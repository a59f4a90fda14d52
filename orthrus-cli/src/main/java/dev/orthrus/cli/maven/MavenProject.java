package dev.orthrus.cli.maven;

import dev.orthrus.cli.BadInputException;
import dev.orthrus.cli.compile.JavaRelease;
import dev.orthrus.cli.maven.Pom.Dependency;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Maven project folder seen the way {@code orthrus analyze} needs it: its main sources and the
 * classpath they compile against.
 *
 * <p>This is deliberately not Maven: it follows the parent chain for properties and managed
 * versions, looks up the project's dependencies in the local repository, and follows the
 * compile-scope dependencies of those it finds through the poms beside them. What it cannot find
 * (BOM imports, version ranges, jars never downloaded) is listed in {@link #problems()} so the user
 * can supply it with {@code --classpath}.
 *
 * @param directory the folder holding {@code pom.xml}
 * @param sourceRoot {@code src/main/java}
 * @param classpath {@code target/classes} when present, then the dependency jars found
 * @param problems one line per thing that could not be resolved
 * @param javaRelease the Java release the project compiles for, as its pom (or a parent) gives it
 *     in {@code maven.compiler.release}, else {@code maven.compiler.target} or {@code
 *     maven.compiler.source} ({@code 1.8} is 8); null when none is given or readable
 * @param modules the modules its pom lists ({@code <modules>}), none for a project with code
 * @param processorPath where its other annotation processors are found, as javac would look: the
 *     compiler plugin's {@code annotationProcessorPaths} found in the local repository, else the
 *     classpath; empty with {@code <proc>none</proc>}
 * @param processorClasses the compiler plugin's {@code annotationProcessors}: the only ones to run;
 *     empty for every processor found
 * @param missingProcessors the {@code annotationProcessorPaths} entries that could not be found
 *     ({@code groupId:artifactId}): the processors they hold do not run
 * @param sourceEncoding the encoding of the sources, {@code project.build.sourceEncoding} (the
 *     compiler plugin's default); null when none is given or known
 */
public record MavenProject(
    Path directory,
    Path sourceRoot,
    List<Path> classpath,
    List<String> problems,
    JavaRelease javaRelease,
    List<String> modules,
    List<Path> processorPath,
    List<String> processorClasses,
    List<String> missingProcessors,
    Charset sourceEncoding) {

  /**
   * The properties that say which Java release a project compiles for, in the order Maven prefers
   * them.
   */
  static final List<String> RELEASE_PROPERTIES =
      List.of("maven.compiler.release", "maven.compiler.target", "maven.compiler.source");

  private static final Pattern PROPERTY = Pattern.compile("\\$\\{([^}]+)}");
  private static final int MAX_PARENTS = 32;

  /** How many artifacts the walk of transitive dependencies reaches at most. */
  private static final int MAX_ARTIFACTS = 5_000;

  private static final String DEPENDENCY = "dependency";
  private static final String PROCESSOR_PATH = "annotation processor path entry";

  public MavenProject {
    classpath = List.copyOf(classpath);
    problems = List.copyOf(problems);
    modules = List.copyOf(modules);
    processorPath = List.copyOf(processorPath);
    processorClasses = List.copyOf(processorClasses);
    missingProcessors = List.copyOf(missingProcessors);
  }

  /** The local repository: {@code -Dmaven.repo.local} when set, else {@code ~/.m2/repository}. */
  public static Path defaultLocalRepository() {
    String configured = System.getProperty("maven.repo.local");
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured);
    }
    return Path.of(System.getProperty("user.home"), ".m2", "repository");
  }

  /** Reads {@code directory/pom.xml}, its parents, and locates its dependencies. */
  public static MavenProject open(Path directory, Path localRepository) {
    List<String> problems = new ArrayList<>();
    List<Pom> chain =
        parentChain(Pom.read(directory.resolve("pom.xml")), localRepository, Pom::read, problems);
    Map<String, String> properties = properties(chain);
    Map<String, Dependency> managed = managed(chain, properties);

    List<Path> classpath = new ArrayList<>();
    Path classes = directory.resolve("target").resolve("classes");
    if (Files.isDirectory(classes)) {
      classpath.add(classes);
    }
    Set<String> reached = new HashSet<>();
    List<Reached> direct = new ArrayList<>();
    for (Dependency declared : declared(chain, properties)) {
      String scope = scope(declared, properties);
      if (scope.equals("test") || scope.equals("import")) {
        continue;
      }
      String key = key(declared, properties);
      reached.add(key);
      Path jar = locate(declared, DEPENDENCY, managed, properties, localRepository, problems);
      if (jar != null) {
        classpath.add(jar);
        if (scope.equals("compile") || scope.equals("provided")) {
          direct.add(new Reached(jar, key, declared.exclusions()));
        }
      }
    }
    Map<String, String> projectVersions = new HashMap<>();
    managed.forEach(
        (key, d) -> {
          if (d.version() != null) {
            projectVersions.put(key, interpolate(d.version(), properties));
          }
        });
    classpath.addAll(transitive(direct, reached, projectVersions, localRepository, problems));
    // How the compiler plugin finds processors, each setting from the nearest pom that gives it.
    Pom.Processors processors = null;
    for (int i = chain.size() - 1; i >= 0; i--) {
      Pom.Processors own = chain.get(i).processors();
      processors = own == null ? processors : own.over(processors);
    }
    List<Path> processorPath = classpath;
    List<String> missingProcessors = new ArrayList<>();
    if (processors != null && "none".equals(interpolate(processors.proc(), properties))) {
      processorPath = List.of();
    } else if (processors != null && processors.paths() != null) {
      processorPath = new ArrayList<>();
      for (Dependency path : processors.paths()) {
        int known = problems.size();
        Path jar = locate(path, PROCESSOR_PATH, managed, properties, localRepository, problems);
        if (jar != null) {
          processorPath.add(jar);
        } else if (problems.size() > known) {
          missingProcessors.add(
              interpolate(path.groupId(), properties)
                  + ":"
                  + interpolate(path.artifactId(), properties));
        }
      }
    }
    return new MavenProject(
        directory,
        directory.resolve("src").resolve("main").resolve("java"),
        classpath,
        problems,
        javaRelease(properties, problems),
        chain.get(0).modules(),
        processorPath,
        processors == null ? List.of() : processors.classes(),
        missingProcessors,
        sourceEncoding(properties, problems));
  }

  private static Charset sourceEncoding(Map<String, String> properties, List<String> problems) {
    String name = interpolate(properties.get("project.build.sourceEncoding"), properties);
    if (name == null || name.isBlank()) {
      return null;
    }
    try {
      return Charset.forName(name.strip());
    } catch (IllegalArgumentException e) {
      problems.add(
          "project.build.sourceEncoding is '"
              + name
              + "', not an encoding this JDK knows; give one with --encoding");
      return null;
    }
  }

  /** Managed dependencies by {@code groupId:artifactId}; a child's entry wins over a parent's. */
  private static Map<String, Dependency> managed(List<Pom> chain, Map<String, String> properties) {
    Map<String, Dependency> managed = new HashMap<>();
    for (int i = chain.size() - 1; i >= 0; i--) {
      for (Dependency d : chain.get(i).managedDependencies()) {
        managed.put(key(d, properties), d);
      }
    }
    return managed;
  }

  /** The scope a pom gives the dependency itself ({@code compile} when it gives none). */
  private static String scope(Dependency d, Map<String, String> properties) {
    return d.scope() == null ? "compile" : interpolate(d.scope(), properties);
  }

  private static String key(Dependency d, Map<String, String> properties) {
    return interpolate(d.groupId(), properties) + ":" + interpolate(d.artifactId(), properties);
  }

  /** A jar on the classpath, its {@code groupId:artifactId} and the exclusions on its path. */
  private record Reached(Path jar, String key, List<String> exclusions) {}

  /**
   * The dependencies the jars found so far bring onto the compile classpath, and theirs, as Maven
   * puts them there: their {@code compile}-scope dependencies, breadth first, the nearest version
   * of an artifact winning (the project's dependency management over any), optional ones and
   * exclusions left out. A jar whose pom is not beside it in the local repository ends the walk
   * there; one that is not found is a problem that names what needs it.
   */
  private static List<Path> transitive(
      List<Reached> direct,
      Set<String> reached,
      Map<String, String> projectVersions,
      Path localRepository,
      List<String> problems) {
    List<Path> found = new ArrayList<>();
    // Dependencies share parents (a framework's BOM-sized parent poms): each is read once.
    Map<Path, Pom> read = new HashMap<>();
    Function<Path, Pom> reader = file -> read.computeIfAbsent(file, Pom::read);
    Deque<Reached> queue = new ArrayDeque<>(direct);
    while (!queue.isEmpty() && reached.size() < MAX_ARTIFACTS) {
      Reached from = queue.removeFirst();
      Path folder = from.jar().getParent();
      Path pomFile =
          folder.resolve(folder.getParent().getFileName() + "-" + folder.getFileName() + ".pom");
      if (!pomFile.startsWith(localRepository) || !Files.isRegularFile(pomFile)) {
        continue;
      }
      List<Pom> chain;
      try {
        chain = parentChain(reader.apply(pomFile), localRepository, reader, new ArrayList<>());
      } catch (BadInputException e) {
        problems.add(e.getMessage() + ": the dependencies of " + from.key() + " are not followed");
        continue;
      }
      Map<String, String> properties = properties(chain);
      Map<String, Dependency> managed = managed(chain, properties);
      for (Dependency d : declared(chain, properties)) {
        String key = key(d, properties);
        if (!scope(d, properties).equals("compile")
            || d.optional()
            || excluded(from.exclusions(), key)
            || !reached.add(key)) {
          continue;
        }
        String version = projectVersions.get(key);
        Dependency wanted = version == null ? d : d.withVersion(version);
        int known = problems.size();
        Path jar = locate(wanted, DEPENDENCY, managed, properties, localRepository, problems);
        if (problems.size() > known) {
          problems.set(known, problems.get(known) + " (needed by " + from.key() + ")");
        }
        if (jar != null) {
          found.add(jar);
          List<String> exclusions = new ArrayList<>(from.exclusions());
          exclusions.addAll(d.exclusions());
          queue.add(new Reached(jar, key, exclusions));
        }
      }
    }
    return found;
  }

  /** Whether {@code groupId:artifactId} matches an exclusion ({@code *} matches any part). */
  private static boolean excluded(List<String> exclusions, String key) {
    String[] parts = key.split(":", 2);
    for (String exclusion : exclusions) {
      String[] e = exclusion.split(":", 2);
      if ((e[0].equals("*") || e[0].equals(parts[0]))
          && (e.length < 2 || e[1].equals("*") || e[1].equals(parts[1]))) {
        return true;
      }
    }
    return false;
  }

  private static JavaRelease javaRelease(Map<String, String> properties, List<String> problems) {
    for (String name : RELEASE_PROPERTIES) {
      String value = interpolate(properties.get(name), properties);
      if (value == null || value.isBlank()) {
        continue;
      }
      String number = value.strip().startsWith("1.") ? value.strip().substring(2) : value.strip();
      try {
        return new JavaRelease(Integer.parseInt(number), name + " in pom.xml");
      } catch (NumberFormatException e) {
        problems.add(name + " is '" + value + "', not a Java release; give one with --release");
        return null;
      }
    }
    return null;
  }

  private static Path locate(
      Dependency declared,
      String what,
      Map<String, Dependency> managed,
      Map<String, String> properties,
      Path localRepository,
      List<String> problems) {
    String groupId = interpolate(declared.groupId(), properties);
    String artifactId = interpolate(declared.artifactId(), properties);
    String key = groupId + ":" + artifactId;
    Dependency management = managed.get(key);
    String version =
        declared.version() != null
            ? declared.version()
            : management != null ? management.version() : null;
    String type =
        firstNonNull(declared.type(), management == null ? null : management.type(), "jar");
    String classifier =
        firstNonNull(
            declared.classifier(), management == null ? null : management.classifier(), null);
    String scope =
        firstNonNull(declared.scope(), management == null ? null : management.scope(), "compile");
    if ("system".equals(scope)) {
      String systemPath =
          firstNonNull(
              declared.systemPath(), management == null ? null : management.systemPath(), null);
      Path jar = systemPath == null ? null : Path.of(interpolate(systemPath, properties));
      if (jar == null || !Files.exists(jar)) {
        problems.add(what + " " + key + ": system path not found: " + systemPath);
        return null;
      }
      return jar;
    }
    if (!type.equals("jar") && !type.equals("test-jar")) {
      return null; // poms and other packagings carry no classes
    }
    if (version == null) {
      problems.add(what + " " + key + ": no version (BOM imports are not followed)");
      return null;
    }
    version = interpolate(version, properties);
    if (version.contains("${") || version.startsWith("[") || version.startsWith("(")) {
      problems.add(what + " " + key + ": cannot resolve version " + version);
      return null;
    }
    if (type.equals("test-jar") && classifier == null) {
      classifier = "tests";
    }
    Path jar =
        localRepository
            .resolve(groupId.replace('.', '/'))
            .resolve(artifactId)
            .resolve(version)
            .resolve(
                artifactId
                    + "-"
                    + version
                    + (classifier == null ? "" : "-" + interpolate(classifier, properties))
                    + ".jar");
    if (!Files.isRegularFile(jar)) {
      problems.add(
          what
              + " "
              + key
              + ":"
              + version
              + " is not in the local repository ("
              + jar
              + ")"
              + (what.equals(PROCESSOR_PATH)
                  ? ": the processors it holds do not run (Maven stops on it: fix the version, or"
                      + " run mvn compile to download it)"
                  : ""));
      return null;
    }
    return jar;
  }

  /**
   * The dependencies a pom declares and those its parents declare, which Maven's inheritance gives
   * it (a multi-module build's parent declaring what every module uses): the nearest pom's
   * declaration of an artifact (and classifier) wins.
   */
  private static List<Dependency> declared(List<Pom> chain, Map<String, String> properties) {
    Map<String, Dependency> declared = new LinkedHashMap<>();
    for (Pom pom : chain) {
      for (Dependency d : pom.dependencies()) {
        declared.putIfAbsent(key(d, properties) + ":" + d.classifier() + ":" + d.type(), d);
      }
    }
    return List.copyOf(declared.values());
  }

  /** The project's pom first, then its parents as far as they can be found. */
  private static List<Pom> parentChain(
      Pom project, Path localRepository, Function<Path, Pom> reader, List<String> problems) {
    List<Pom> chain = new ArrayList<>();
    chain.add(project);
    Set<Path> seen = new HashSet<>();
    seen.add(project.file().toAbsolutePath().normalize());
    Pom current = project;
    while (current.parent() != null && chain.size() < MAX_PARENTS) {
      Pom.Coordinates wanted = current.parent();
      Pom parent = null;
      if (!current.parentRelativePath().isEmpty()) {
        Path candidate =
            current
                .file()
                .toAbsolutePath()
                .getParent()
                .resolve(current.parentRelativePath())
                .normalize();
        if (Files.isDirectory(candidate)) {
          candidate = candidate.resolve("pom.xml");
        }
        if (Files.isRegularFile(candidate) && !seen.contains(candidate)) {
          Pom p = reader.apply(candidate);
          if (wanted.artifactId() != null && wanted.artifactId().equals(p.artifactId())) {
            parent = p;
          }
        }
      }
      if (parent == null
          && wanted.groupId() != null
          && wanted.artifactId() != null
          && wanted.version() != null) {
        Path inRepository =
            localRepository
                .resolve(wanted.groupId().replace('.', '/'))
                .resolve(wanted.artifactId())
                .resolve(wanted.version())
                .resolve(wanted.artifactId() + "-" + wanted.version() + ".pom");
        if (Files.isRegularFile(inRepository)) {
          parent = reader.apply(inRepository);
        }
      }
      if (parent == null) {
        problems.add(
            "parent pom " + wanted + " not found; its properties and managed versions are unknown");
        break;
      }
      if (!seen.add(parent.file().toAbsolutePath().normalize())) {
        break;
      }
      chain.add(parent);
      current = parent;
    }
    return chain;
  }

  /** Properties visible in the project: parents' first, overridden by children, plus project.*. */
  private static Map<String, String> properties(List<Pom> chain) {
    Map<String, String> properties = new HashMap<>();
    for (int i = chain.size() - 1; i >= 0; i--) {
      properties.putAll(chain.get(i).properties());
    }
    Pom project = chain.get(0);
    String groupId = project.groupId();
    String version = project.version();
    for (Pom p : chain) {
      if (groupId == null) {
        groupId =
            p.groupId() != null ? p.groupId() : p.parent() == null ? null : p.parent().groupId();
      }
      if (version == null) {
        version =
            p.version() != null ? p.version() : p.parent() == null ? null : p.parent().version();
      }
    }
    putIfPresent(properties, "project.groupId", groupId);
    putIfPresent(properties, "project.artifactId", project.artifactId());
    putIfPresent(properties, "project.version", version);
    putIfPresent(properties, "pom.version", version);
    putIfPresent(properties, "version", version);
    if (project.parent() != null) {
      putIfPresent(properties, "project.parent.groupId", project.parent().groupId());
      putIfPresent(properties, "project.parent.version", project.parent().version());
    }
    putIfPresent(
        properties, "project.basedir", project.file().toAbsolutePath().getParent().toString());
    putIfPresent(properties, "basedir", project.file().toAbsolutePath().getParent().toString());
    putIfPresent(properties, "user.home", System.getProperty("user.home"));
    putIfPresent(properties, "java.home", System.getProperty("java.home"));
    return properties;
  }

  /** Replaces {@code ${name}} references; unknown names stay as they are. */
  static String interpolate(String value, Map<String, String> properties) {
    if (value == null) {
      return null;
    }
    String current = value;
    // Bounded: a property that refers to itself must not loop.
    for (int round = 0; round < 10 && current.contains("${"); round++) {
      Matcher m = PROPERTY.matcher(current);
      StringBuilder out = new StringBuilder();
      boolean changed = false;
      while (m.find()) {
        String replacement = properties.get(m.group(1));
        if (replacement != null) {
          changed = true;
        }
        m.appendReplacement(
            out, Matcher.quoteReplacement(replacement != null ? replacement : m.group()));
      }
      m.appendTail(out);
      current = out.toString();
      if (!changed) {
        break;
      }
    }
    return current;
  }

  private static void putIfPresent(Map<String, String> map, String key, String value) {
    if (value != null) {
      map.putIfAbsent(key, value);
    }
  }

  @SafeVarargs
  private static <T> T firstNonNull(T... values) {
    for (T v : values) {
      if (v != null) {
        return v;
      }
    }
    return null;
  }
}
