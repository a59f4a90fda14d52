package dev.orthrus.processor;

import static com.google.common.truth.Truth.assertThat;

import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.json.ClosureReportJson;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bar, the way a user runs it: plain {@code javac -processorpath <processor and its
 * dependencies> -cp <annotations> Foo.java}, the processor found through its AutoService
 * registration.
 */
class JavacCommandLineTest {

  @TempDir Path dir;

  @Test
  void staticWriteFailsTheBuildOnTheLineOfTheWrite() throws IOException {
    Path source = dir.resolve("src/demo/Foo.java");
    Files.createDirectories(source.getParent());
    Files.writeString(
        source,
        String.join(
            "\n",
            "package demo;",
            "import dev.orthrus.annotations.Closure;",
            "public class Foo {",
            "  static int calls;",
            "  @Closure",
            "  public int twice(int x) {",
            "    calls++;",
            "    return 2 * x;",
            "  }",
            "}",
            ""));
    Path out = dir.resolve("classes");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = javac(source, out, err);
    String output = err.toString(StandardCharsets.UTF_8);
    assertThat(rc).isNotEqualTo(0);
    assertThat(output).contains("Foo.java:7: error: [orthrus.closure.static-write]");
    assertThat(output).contains("calls++;");

    // closures.json is written even though the rules failed, so tools can still show the report.
    ClosureReport report =
        ClosureReportJson.read(
            Files.readString(out.resolve(ClosureReport.RESOURCE_PATH), StandardCharsets.UTF_8));
    assertThat(report.closures()).hasSize(1);
    assertThat(report.closures().get(0).id()).isEqualTo("demo.Foo#twice(int)");
    assertThat(report.hasErrors()).isTrue();
    assertThat(Files.exists(out.resolve("META-INF/orthrus/closures.md"))).isTrue();
    assertThat(
            Files.readString(
                out.resolve("META-INF/services/dev.orthrus.annotations.ClosureCatalog")))
        .isEqualTo("demo.Foo_OrthrusClosures\n");
  }

  /**
   * A team's strict build: {@code -Xlint:all -Werror}. The processor sees every annotation and
   * claims none, and its second class ({@code claim.ClaimedAnnotations}) claims Orthrus's own, so
   * that {@code -Xlint:processing} has nothing to say; before, "No processor claimed any of these
   * annotations" failed the build. The first still ran: the closure is in closures.json.
   */
  @Test
  void aStrictBuildWithEveryLintAsAnErrorCompilesACorrectClosure() throws IOException {
    Path source = dir.resolve("src/demo/Tally.java");
    Files.createDirectories(source.getParent());
    Files.writeString(
        source,
        String.join(
            "\n",
            "package demo;",
            "import dev.orthrus.annotations.Closure;",
            "import dev.orthrus.annotations.UserData;",
            "@UserData",
            "public class Tally {",
            "  private long total;",
            "  @Closure",
            "  public long add(long x) {",
            "    total += x;",
            "    return total;",
            "  }",
            "}",
            ""));
    Path out = dir.resolve("classes");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc = javac(source, out, err, "-Xlint:all", "-Werror");
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(rc).isEqualTo(0);
    ClosureReport report =
        ClosureReportJson.read(
            Files.readString(out.resolve(ClosureReport.RESOURCE_PATH), StandardCharsets.UTF_8));
    assertThat(report.closures().get(0).id()).isEqualTo("demo.Tally#add(long)");
  }

  /**
   * {@code javac [options] -processorpath <processor> -cp <annotations> -d out source}, its
   * messages to {@code err}; returns its exit code.
   */
  private static int javac(Path source, Path out, ByteArrayOutputStream err, String... options)
      throws IOException {
    Files.createDirectories(out);
    List<String> args = new ArrayList<>(List.of(options));
    args.addAll(
        List.of(
            "-processorpath",
            processorPath(),
            "-cp",
            classPathEntries("orthrus-annotations"),
            "-d",
            out.toString(),
            source.toString()));
    return ToolProvider.getSystemJavaCompiler().run(null, err, err, args.toArray(String[]::new));
  }

  /** The processor's classes plus its runtime dependencies, taken from the test class path. */
  static String processorPath() {
    return classPathEntries(
        "orthrus-processor", "orthrus-model", "orthrus-annotations", "javapoet");
  }

  static String classPathEntries(String... fragments) {
    List<String> entries =
        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(e -> Arrays.stream(fragments).anyMatch(e::contains))
            .filter(e -> !e.endsWith("test-classes"))
            .collect(Collectors.toList());
    assertThat(entries).isNotEmpty();
    return String.join(File.pathSeparator, entries);
  }
}
