package dev.orthrus.cli.maven;

import dev.orthrus.cli.BadInputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The parts of one {@code pom.xml} that locating a project's dependency jars needs, exactly as
 * written (no inheritance, no interpolation; {@link EffectivePom} does those).
 *
 * @param file the pom file
 * @param parent the {@code <parent>} coordinates, or null
 * @param parentRelativePath {@code <parent><relativePath>}, {@code ../pom.xml} when absent
 * @param groupId the declared group id, or null when inherited
 * @param artifactId the artifact id
 * @param version the declared version, or null when inherited
 * @param properties {@code <properties>}
 * @param dependencies {@code <dependencies>}
 * @param managedDependencies {@code <dependencyManagement><dependencies>}
 * @param modules {@code <modules>}: the module folders of an aggregator, as written
 * @param processors the annotation processing {@code maven-compiler-plugin} is configured with (in
 *     {@code <build><plugins>}, else {@code <pluginManagement>}), or null when it is not
 */
public record Pom(
    Path file,
    Coordinates parent,
    String parentRelativePath,
    String groupId,
    String artifactId,
    String version,
    Map<String, String> properties,
    List<Dependency> dependencies,
    List<Dependency> managedDependencies,
    List<String> modules,
    Processors processors) {

  /**
   * The compiler plugin's annotation processing, as written.
   *
   * @param paths {@code <annotationProcessorPaths>}, or null when absent (javac then finds
   *     processors on the classpath)
   * @param proc {@code <proc>} ({@code none}: no processing), or null
   * @param classes {@code <annotationProcessors>}: the only processors to run; empty for all found
   */
  public record Processors(List<Dependency> paths, String proc, List<String> classes) {

    /** These settings, each taken from {@code inherited} where this one does not give it. */
    public Processors over(Processors inherited) {
      if (inherited == null) {
        return this;
      }
      return new Processors(
          paths != null ? paths : inherited.paths,
          proc != null ? proc : inherited.proc,
          !classes.isEmpty() ? classes : inherited.classes);
    }
  }

  /** {@code groupId:artifactId:version} as written. */
  public record Coordinates(String groupId, String artifactId, String version) {
    @Override
    public String toString() {
      return groupId + ":" + artifactId + ":" + version;
    }
  }

  /**
   * One {@code <dependency>} as written; null members were absent. {@code optional}: {@code
   * <optional>true</optional>}; {@code exclusions}: the {@code groupId:artifactId} of its {@code
   * <exclusions>} ({@code *} for any part).
   */
  public record Dependency(
      String groupId,
      String artifactId,
      String version,
      String type,
      String classifier,
      String scope,
      String systemPath,
      boolean optional,
      List<String> exclusions) {

    public Dependency {
      exclusions = List.copyOf(exclusions);
    }

    /** This dependency with another version. */
    public Dependency withVersion(String version) {
      return new Dependency(
          groupId, artifactId, version, type, classifier, scope, systemPath, optional, exclusions);
    }

    public String key() {
      return groupId + ":" + artifactId;
    }
  }

  /** Reads a pom; a file that is not well-formed XML is bad input naming the file and line. */
  public static Pom read(Path file) {
    Element project;
    try (InputStream in = Files.newInputStream(file)) {
      project = newBuilder().parse(in, file.toUri().toString()).getDocumentElement();
    } catch (org.xml.sax.SAXParseException e) {
      throw new BadInputException(
          "cannot read " + file + ":" + e.getLineNumber() + ": " + e.getMessage(), e);
    } catch (SAXException | IOException e) {
      throw new BadInputException("cannot read " + file + ": " + e.getMessage(), e);
    }
    if (!"project".equals(localName(project))) {
      throw new BadInputException(file + " is not a Maven pom (its root element is not <project>)");
    }
    Element parentElement = child(project, "parent");
    Coordinates parent = null;
    String relativePath = "../pom.xml";
    if (parentElement != null) {
      parent =
          new Coordinates(
              text(parentElement, "groupId"),
              text(parentElement, "artifactId"),
              text(parentElement, "version"));
      Element relative = child(parentElement, "relativePath");
      if (relative != null) {
        relativePath = relative.getTextContent().trim();
      }
    }
    Map<String, String> properties = new LinkedHashMap<>();
    Element props = child(project, "properties");
    if (props != null) {
      for (Element p : children(props)) {
        properties.put(localName(p), p.getTextContent().trim());
      }
    }
    Element management = child(project, "dependencyManagement");
    List<String> modules = new ArrayList<>();
    Element moduleList = child(project, "modules");
    if (moduleList != null) {
      for (Element m : children(moduleList)) {
        modules.add(m.getTextContent().trim());
      }
    }
    return new Pom(
        file,
        parent,
        relativePath,
        text(project, "groupId"),
        text(project, "artifactId"),
        text(project, "version"),
        properties,
        dependencies(child(project, "dependencies")),
        management == null ? List.of() : dependencies(child(management, "dependencies")),
        List.copyOf(modules),
        processors(child(project, "build")));
  }

  private static Processors processors(Element build) {
    if (build == null) {
      return null;
    }
    Element managed = child(build, "pluginManagement");
    Processors result = null;
    // A plugin's own configuration over its managed one, element by element, as Maven merges them.
    for (Element plugins :
        new Element[] {
          child(build, "plugins"), managed == null ? null : child(managed, "plugins")
        }) {
      if (plugins == null) {
        continue;
      }
      for (Element plugin : children(plugins)) {
        Element configuration = child(plugin, "configuration");
        if ("maven-compiler-plugin".equals(text(plugin, "artifactId")) && configuration != null) {
          Element paths = child(configuration, "annotationProcessorPaths");
          List<String> classes = new ArrayList<>();
          Element named = child(configuration, "annotationProcessors");
          if (named != null) {
            for (Element c : children(named)) {
              classes.add(c.getTextContent().trim());
            }
          }
          Processors here =
              new Processors(
                  paths == null ? null : dependencies(paths, "path"),
                  text(configuration, "proc"),
                  List.copyOf(classes));
          result = result == null ? here : result.over(here);
        }
      }
    }
    return result;
  }

  private static DocumentBuilder newBuilder() {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    try {
      // A pom is untrusted input: no DTDs, no external entities.
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      DocumentBuilder builder = factory.newDocumentBuilder();
      builder.setErrorHandler(null);
      return builder;
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException("the JDK's XML parser rejected its configuration", e);
    }
  }

  private static List<Dependency> dependencies(Element list) {
    return dependencies(list, "dependency");
  }

  private static List<Dependency> dependencies(Element list, String element) {
    List<Dependency> result = new ArrayList<>();
    if (list == null) {
      return result;
    }
    for (Element d : children(list)) {
      if (!element.equals(localName(d))) {
        continue;
      }
      List<String> exclusions = new ArrayList<>();
      Element excluded = child(d, "exclusions");
      if (excluded != null) {
        for (Element e : children(excluded)) {
          exclusions.add(text(e, "groupId") + ":" + text(e, "artifactId"));
        }
      }
      result.add(
          new Dependency(
              text(d, "groupId"),
              text(d, "artifactId"),
              text(d, "version"),
              text(d, "type"),
              text(d, "classifier"),
              text(d, "scope"),
              text(d, "systemPath"),
              "true".equals(text(d, "optional")),
              exclusions));
    }
    return result;
  }

  private static String localName(Node node) {
    return node.getLocalName() != null ? node.getLocalName() : node.getNodeName();
  }

  private static List<Element> children(Element parent) {
    List<Element> result = new ArrayList<>();
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      if (nodes.item(i) instanceof Element e) {
        result.add(e);
      }
    }
    return result;
  }

  private static Element child(Element parent, String name) {
    for (Element e : children(parent)) {
      if (name.equals(localName(e))) {
        return e;
      }
    }
    return null;
  }

  private static String text(Element parent, String name) {
    Element e = child(parent, name);
    if (e == null) {
      return null;
    }
    String value = e.getTextContent().trim();
    return value.isEmpty() ? null : value;
  }
}
