package dev.orthrus.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.json.ClosureReportJson;
import dev.orthrus.model.report.MarkdownReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** closures.json, closures.md and the generated catalogs, checked against golden files. */
class GoldenOutputTest {

  @ParameterizedTest
  @ValueSource(strings = {"kvcache", "features", "ordered"})
  void outputsMatchGoldenFiles(String suite) throws IOException {
    Compilation c = compileSuite(suite);
    assertThat(c).succeeded();

    String json = resource(c, ClosureReport.RESOURCE_PATH);
    GoldenFiles.check(suite, "closures.json", json);
    String markdown = resource(c, OrthrusProcessor.MARKDOWN_RESOURCE_PATH);
    GoldenFiles.check(suite, "closures.md", markdown);

    // The JSON reads back to the same report, and the Markdown is that report's rendering.
    ClosureReport report = ClosureReportJson.read(json);
    assertThat(ClosureReportJson.write(report)).isEqualTo(json);
    assertThat(MarkdownReport.render(report)).isEqualTo(markdown);

    for (JavaFileObject generated : c.generatedSourceFiles()) {
      String name = generated.getName().substring(generated.getName().lastIndexOf('/') + 1);
      GoldenFiles.check(suite, name, generated.getCharContent(true).toString());
    }
    GoldenFiles.check(suite, "services.txt", resource(c, OrthrusProcessor.SERVICES_PATH));
  }

  static Compilation compileSuite(String suite) {
    List<JavaFileObject> files =
        GoldenFiles.sources(suite).stream()
            .map(GoldenOutputTest::toFileObject)
            .collect(Collectors.toList());
    return Snippets.compile(files.toArray(new JavaFileObject[0]));
  }

  private static JavaFileObject toFileObject(Path path) {
    try {
      return JavaFileObjects.forResource(path.toUri().toURL());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String resource(Compilation c, String path) throws IOException {
    return c.generatedFile(StandardLocation.CLASS_OUTPUT, path)
        .orElseThrow(() -> new AssertionError(path + " was not generated"))
        .getCharContent(true)
        .toString();
  }
}
