package dev.orthrus.cli.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.cli.BadInputException;
import dev.orthrus.cli.compile.JavaRelease;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MavenProjectTest {

  @TempDir Path dir;

  private Path write(String relative, String text) throws IOException {
    Path file = dir.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
    return file;
  }

  /** An empty file where Maven would have put the jar: enough for a classpath entry. */
  private Path jar(String groupPath, String artifact, String version, String suffix)
      throws IOException {
    return write(
        "repo/" + groupPath + "/" + artifact + "/" + version + "/" + artifact + "-" + version
            + suffix + ".jar",
        "");
  }

  @Test
  void resolvesDirectDependenciesWithInheritedVersionsAndProperties() throws IOException {
    write(
        "parent/pom.xml",
        """
        <project>
          <groupId>org.shop</groupId>
          <artifactId>shop-parent</artifactId>
          <version>2.1</version>
          <properties><lib.version>3.4</lib.version></properties>
          <dependencyManagement>
            <dependencies>
              <dependency><groupId>org.lib</groupId><artifactId>lib</artifactId><version>${lib.version}</version></dependency>
              <dependency><groupId>org.shop</groupId><artifactId>shop-api</artifactId><version>${project.version}</version></dependency>
            </dependencies>
          </dependencyManagement>
        </project>
        """);
    write(
        "parent/app/pom.xml",
        """
        <project>
          <parent><groupId>org.shop</groupId><artifactId>shop-parent</artifactId><version>2.1</version></parent>
          <artifactId>app</artifactId>
          <dependencies>
            <dependency><groupId>org.lib</groupId><artifactId>lib</artifactId></dependency>
            <dependency><groupId>org.shop</groupId><artifactId>shop-api</artifactId></dependency>
            <dependency><groupId>org.lib</groupId><artifactId>lib</artifactId><version>3.4</version><classifier>extra</classifier></dependency>
            <dependency><groupId>org.junit</groupId><artifactId>junit</artifactId><version>5</version><scope>test</scope></dependency>
            <dependency><groupId>org.gone</groupId><artifactId>gone</artifactId><version>1</version></dependency>
          </dependencies>
        </project>
        """);
    Files.createDirectories(dir.resolve("parent/app/target/classes"));
    Path lib = jar("org/lib", "lib", "3.4", "");
    Path libExtra = jar("org/lib", "lib", "3.4", "-extra");
    Path api = jar("org/shop", "shop-api", "2.1", "");

    MavenProject project = MavenProject.open(dir.resolve("parent/app"), dir.resolve("repo"));

    assertEquals(dir.resolve("parent/app/src/main/java"), project.sourceRoot());
    assertEquals(
        List.of(dir.resolve("parent/app/target/classes"), lib, api, libExtra), project.classpath());
    assertEquals(1, project.problems().size(), project.problems()::toString);
    assertTrue(
        project.problems().get(0).contains("org.gone:gone:1 is not in the local repository"));
  }

  /**
   * A parent's {@code <dependencies>} are the module's too (Maven's inheritance): a multi-module
   * build's parent often declares what every module uses. The module's own declaration wins.
   */
  @Test
  void dependenciesDeclaredByTheParentAreInherited() throws IOException {
    write(
        "parent/pom.xml",
        """
        <project>
          <groupId>org.shop</groupId>
          <artifactId>shop-parent</artifactId>
          <version>2.1</version>
          <dependencies>
            <dependency><groupId>org.pc</groupId><artifactId>pcollections</artifactId><version>4.0.2</version></dependency>
            <dependency><groupId>org.lib</groupId><artifactId>lib</artifactId><version>1.0</version></dependency>
            <dependency><groupId>org.junit</groupId><artifactId>junit</artifactId><version>5</version><scope>test</scope></dependency>
          </dependencies>
        </project>
        """);
    write(
        "parent/model/pom.xml",
        """
        <project>
          <parent><groupId>org.shop</groupId><artifactId>shop-parent</artifactId><version>2.1</version></parent>
          <artifactId>model</artifactId>
          <dependencies>
            <dependency><groupId>org.lib</groupId><artifactId>lib</artifactId><version>2.0</version></dependency>
          </dependencies>
        </project>
        """);
    Path lib2 = jar("org/lib", "lib", "2.0", "");
    jar("org/lib", "lib", "1.0", "");
    Path pcollections = jar("org/pc", "pcollections", "4.0.2", "");

    MavenProject project = MavenProject.open(dir.resolve("parent/model"), dir.resolve("repo"));

    assertEquals(List.of(lib2, pcollections), project.classpath());
    assertEquals(List.of(), project.problems());
  }

  /**
   * The dependencies' own compile-scope dependencies are on the classpath as Maven puts them there:
   * through the poms beside the jars, nearest first, the project's managed versions over theirs,
   * without optional, runtime-scope or excluded ones; a missing one names what needs it.
   */
  @Test
  void transitiveDependenciesAreFollowedThroughThePomsInTheLocalRepository() throws IOException {
    write(
        "app/pom.xml",
        """
        <project>
          <groupId>org.shop</groupId><artifactId>app</artifactId><version>1</version>
          <dependencyManagement><dependencies>
            <dependency><groupId>org.shop</groupId><artifactId>model</artifactId><version>3</version></dependency>
          </dependencies></dependencyManagement>
          <dependencies>
            <dependency>
              <groupId>org.shop</groupId><artifactId>service</artifactId><version>1</version>
              <exclusions><exclusion><groupId>org.noise</groupId><artifactId>*</artifactId></exclusion></exclusions>
            </dependency>
          </dependencies>
        </project>
        """);
    write(
        "repo/org/shop/service/1/service-1.pom",
        """
        <project>
          <groupId>org.shop</groupId><artifactId>service</artifactId><version>1</version>
          <properties><model.version>2</model.version></properties>
          <dependencies>
            <dependency><groupId>org.shop</groupId><artifactId>model</artifactId><version>${model.version}</version></dependency>
            <dependency><groupId>org.opt</groupId><artifactId>opt</artifactId><version>1</version><optional>true</optional></dependency>
            <dependency><groupId>org.rt</groupId><artifactId>rt</artifactId><version>1</version><scope>runtime</scope></dependency>
            <dependency><groupId>org.noise</groupId><artifactId>noise</artifactId><version>1</version></dependency>
            <dependency><groupId>org.junit</groupId><artifactId>junit</artifactId><version>5</version><scope>test</scope></dependency>
          </dependencies>
        </project>
        """);
    write(
        "repo/org/shop/model/3/model-3.pom",
        """
        <project>
          <groupId>org.shop</groupId><artifactId>model</artifactId><version>3</version>
          <dependencies>
            <dependency><groupId>org.money</groupId><artifactId>money</artifactId><version>9</version></dependency>
            <dependency><groupId>org.deep</groupId><artifactId>deep</artifactId><version>1</version></dependency>
          </dependencies>
        </project>
        """);
    Path service = jar("org/shop", "service", "1", "");
    Path model = jar("org/shop", "model", "3", "");
    jar("org/shop", "model", "2", "");
    Path money = jar("org/money", "money", "9", "");
    jar("org/opt", "opt", "1", "");
    jar("org/rt", "rt", "1", "");
    jar("org/noise", "noise", "1", "");

    MavenProject project = MavenProject.open(dir.resolve("app"), dir.resolve("repo"));

    assertEquals(List.of(service, model, money), project.classpath());
    assertEquals(1, project.problems().size(), project.problems()::toString);
    assertTrue(
        project
            .problems()
            .get(0)
            .matches(
                "dependency org.deep:deep:1 is not in the local repository .* \\(needed by org.shop:model\\)"),
        project.problems()::toString);
  }

  /** A dependency's malformed pom in the local repository stops the walk there, with a problem. */
  @Test
  void aMalformedPomOfADependencyIsAProblemNotAFailure() throws IOException {
    write(
        "app/pom.xml",
        """
        <project>
          <groupId>org.shop</groupId><artifactId>app</artifactId><version>1</version>
          <dependencies>
            <dependency><groupId>org.shop</groupId><artifactId>service</artifactId><version>1</version></dependency>
          </dependencies>
        </project>
        """);
    write("repo/org/shop/service/1/service-1.pom", "<project><dependencies>");
    Path service = jar("org/shop", "service", "1", "");

    MavenProject project = MavenProject.open(dir.resolve("app"), dir.resolve("repo"));

    assertEquals(List.of(service), project.classpath());
    assertEquals(1, project.problems().size(), project.problems()::toString);
    assertTrue(
        project
            .problems()
            .get(0)
            .startsWith("cannot read " + dir.resolve("repo/org/shop/service/1/service-1.pom")),
        project.problems()::toString);
    assertTrue(
        project.problems().get(0).endsWith("the dependencies of org.shop:service are not followed"),
        project.problems()::toString);
  }

  @Test
  void parentOnlyInTheLocalRepositoryIsFound() throws IOException {
    write(
        "repo/org/shop/shop-parent/7/shop-parent-7.pom",
        """
        <project>
          <groupId>org.shop</groupId><artifactId>shop-parent</artifactId><version>7</version>
          <dependencyManagement><dependencies>
            <dependency><groupId>org.lib</groupId><artifactId>lib</artifactId><version>1.0</version></dependency>
          </dependencies></dependencyManagement>
        </project>
        """);
    write(
        "app/pom.xml",
        """
        <project>
          <parent><groupId>org.shop</groupId><artifactId>shop-parent</artifactId><version>7</version></parent>
          <artifactId>app</artifactId>
          <dependencies><dependency><groupId>org.lib</groupId><artifactId>lib</artifactId></dependency></dependencies>
        </project>
        """);
    Path lib = jar("org/lib", "lib", "1.0", "");
    MavenProject project = MavenProject.open(dir.resolve("app"), dir.resolve("repo"));
    assertEquals(List.of(lib), project.classpath());
    assertEquals(List.of(), project.problems());
  }

  /**
   * The processor path is the compiler plugin's {@code annotationProcessorPaths} (versions from
   * properties or dependency management; each setting from the nearest pom that gives it, {@code
   * pluginManagement} too), else the classpath as javac searches it; none with {@code proc none}.
   */
  @Test
  void processorsAreFoundWhereTheCompilerPluginLooksForThem() throws IOException {
    write(
        "parent/pom.xml",
        """
        <project>
          <groupId>org.shop</groupId><artifactId>parent</artifactId><version>1</version>
          <properties><gen.version>2.1</gen.version></properties>
          <dependencyManagement><dependencies>
            <dependency><groupId>org.apt</groupId><artifactId>other</artifactId><version>3</version></dependency>
          </dependencies></dependencyManagement>
          <build><pluginManagement><plugins><plugin>
            <artifactId>maven-compiler-plugin</artifactId>
            <configuration>
              <annotationProcessorPaths>
                <path><groupId>org.apt</groupId><artifactId>gen</artifactId><version>${gen.version}</version></path>
                <path><groupId>org.apt</groupId><artifactId>other</artifactId></path>
              </annotationProcessorPaths>
              <annotationProcessors><annotationProcessor>org.apt.Gen</annotationProcessor></annotationProcessors>
            </configuration>
          </plugin></plugins></pluginManagement></build>
        </project>
        """);
    String child =
        """
        <project>
          <parent>
            <groupId>org.shop</groupId><artifactId>parent</artifactId><version>1</version>
            <relativePath>../parent/pom.xml</relativePath>
          </parent>
          <artifactId>%s</artifactId>
          <dependencies><dependency><groupId>org.lib</groupId><artifactId>lib</artifactId><version>1.0</version></dependency></dependencies>
          %s
        </project>
        """;
    write("inherits/pom.xml", child.formatted("inherits", ""));
    write(
        "none/pom.xml",
        child.formatted(
            "none",
            "<build><plugins><plugin><artifactId>maven-compiler-plugin</artifactId>"
                + "<configuration><proc>none</proc></configuration></plugin></plugins></build>"));
    write(
        "plain/pom.xml",
        child.formatted(
            "plain",
            "<build><plugins><plugin><artifactId>maven-compiler-plugin</artifactId>"
                + "<configuration><release>17</release></configuration></plugin></plugins></build>"));
    Path lib = jar("org/lib", "lib", "1.0", "");
    Path gen = jar("org/apt", "gen", "2.1", "");
    Path other = jar("org/apt", "other", "3", "");

    MavenProject inherits = MavenProject.open(dir.resolve("inherits"), dir.resolve("repo"));
    assertEquals(List.of(gen, other), inherits.processorPath());
    assertEquals(List.of("org.apt.Gen"), inherits.processorClasses());
    assertEquals(List.of(lib), inherits.classpath());

    MavenProject none = MavenProject.open(dir.resolve("none"), dir.resolve("repo"));
    assertEquals(List.of(), none.processorPath());

    // A configuration of its own without paths keeps the inherited ones, as Maven merges them.
    MavenProject plain = MavenProject.open(dir.resolve("plain"), dir.resolve("repo"));
    assertEquals(List.of(gen, other), plain.processorPath());

    write(
        "alone/pom.xml",
        """
        <project>
          <groupId>org.shop</groupId><artifactId>alone</artifactId><version>1</version>
          <dependencies><dependency><groupId>org.lib</groupId><artifactId>lib</artifactId><version>1.0</version></dependency></dependencies>
        </project>
        """);
    MavenProject alone = MavenProject.open(dir.resolve("alone"), dir.resolve("repo"));
    assertEquals(List.of(lib), alone.processorPath());
    assertEquals(List.of(), alone.processorClasses());
    assertEquals(List.of(), alone.missingProcessors());
  }

  @Test
  void aProcessorPathEntryNotDownloadedIsNamedAsOne() throws IOException {
    write(
        "app/pom.xml",
        """
        <project>
          <groupId>org.shop</groupId><artifactId>app</artifactId><version>1</version>
          <build><plugins><plugin><artifactId>maven-compiler-plugin</artifactId><configuration>
            <annotationProcessorPaths>
              <path><groupId>org.apt</groupId><artifactId>gen</artifactId><version>9.9</version></path>
              <path><groupId>org.apt</groupId><artifactId>other</artifactId><version>3</version></path>
            </annotationProcessorPaths>
          </configuration></plugin></plugins></build>
        </project>
        """);
    Path other = jar("org/apt", "other", "3", "");
    MavenProject app = MavenProject.open(dir.resolve("app"), dir.resolve("repo"));
    assertEquals(List.of(other), app.processorPath());
    assertEquals(List.of("org.apt:gen"), app.missingProcessors());
    assertEquals(1, app.problems().size(), app.problems()::toString);
    assertTrue(
        app.problems()
            .get(0)
            .startsWith("annotation processor path entry org.apt:gen:9.9 is not in the local"),
        app.problems()::toString);
    assertTrue(
        app.problems().get(0).contains("the processors it holds do not run"),
        app.problems()::toString);
  }

  @Test
  void missingParentAndUnversionedDependencyAreReported() throws IOException {
    write(
        "app/pom.xml",
        """
        <project>
          <parent><groupId>org.shop</groupId><artifactId>nowhere</artifactId><version>1</version></parent>
          <artifactId>app</artifactId>
          <dependencies><dependency><groupId>org.lib</groupId><artifactId>lib</artifactId></dependency></dependencies>
        </project>
        """);
    MavenProject project = MavenProject.open(dir.resolve("app"), dir.resolve("repo"));
    assertEquals(List.of(), project.classpath());
    assertEquals(2, project.problems().size(), project.problems()::toString);
    assertTrue(project.problems().get(0).contains("parent pom org.shop:nowhere:1 not found"));
    assertTrue(project.problems().get(1).contains("org.lib:lib: no version"));
  }

  @Test
  void javaReleaseIsReleaseElseTargetElseSourceFromTheParentChain() throws IOException {
    write(
        "parent/pom.xml",
        """
        <project>
          <groupId>org.shop</groupId><artifactId>parent</artifactId><version>1</version>
          <properties><maven.compiler.source>1.8</maven.compiler.source></properties>
        </project>
        """);
    write(
        "parent/app/pom.xml",
        """
        <project>
          <parent><groupId>org.shop</groupId><artifactId>parent</artifactId><version>1</version></parent>
          <artifactId>app</artifactId>
        </project>
        """);
    assertEquals(
        new JavaRelease(8, "maven.compiler.source in pom.xml"),
        MavenProject.open(dir.resolve("parent/app"), dir.resolve("repo")).javaRelease());

    write(
        "parent/app/pom.xml",
        """
        <project>
          <parent><groupId>org.shop</groupId><artifactId>parent</artifactId><version>1</version></parent>
          <artifactId>app</artifactId>
          <properties><maven.compiler.target>11</maven.compiler.target><maven.compiler.release>21</maven.compiler.release></properties>
        </project>
        """);
    assertEquals(
        new JavaRelease(21, "maven.compiler.release in pom.xml"),
        MavenProject.open(dir.resolve("parent/app"), dir.resolve("repo")).javaRelease());

    write(
        "parent/app/pom.xml",
        """
        <project>
          <artifactId>app</artifactId>
          <properties><maven.compiler.release>${java.version.unknown}</maven.compiler.release></properties>
        </project>
        """);
    MavenProject unreadable = MavenProject.open(dir.resolve("parent/app"), dir.resolve("repo"));
    assertEquals(null, unreadable.javaRelease());
    assertTrue(
        unreadable
            .problems()
            .get(0)
            .contains("maven.compiler.release is '${java.version.unknown}'"),
        unreadable.problems()::toString);
  }

  @Test
  void malformedPomIsBadInputNamingFileAndLine() throws IOException {
    Path pom = write("app/pom.xml", "<project>\n  <artifactId>app\n</project>\n");
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () -> MavenProject.open(dir.resolve("app"), dir.resolve("repo")));
    assertTrue(e.getMessage().startsWith("cannot read " + pom + ":3:"), e.getMessage());
  }

  @Test
  void interpolationLeavesUnknownPropertiesAndStopsOnCycles() {
    Map<String, String> properties =
        Map.of("a", "${b}", "b", "${a}", "v", "1.${minor}", "minor", "2");
    assertEquals("1.2", MavenProject.interpolate("${v}", properties));
    assertEquals("x-${unknown}", MavenProject.interpolate("x-${unknown}", properties));
    MavenProject.interpolate("${a}", properties); // terminates
  }
}
