package dev.orthrus.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportDirOptionTest {

  @TempDir Path dir;

  @Test
  void markdownGoesToTheChosenFolder() throws IOException {
    Path reports = dir.resolve("reports/orthrus");
    Compilation c =
        Snippets.compile(
            List.of("-Aorthrus.reportDir=" + reports),
            source(
                "t.Store",
                """
            package t;
            import dev.orthrus.annotations.Closure;
            public class Store {
              @Closure
              public int get(int v) {
                return v;
              }
            }
            """));
    assertThat(c).succeededWithoutWarnings();
    String markdown = Files.readString(reports.resolve("closures.md"));
    assertThat(markdown).contains("`t.Store#get(int)`");
    assertThat(
            c.generatedFile(StandardLocation.CLASS_OUTPUT, OrthrusProcessor.MARKDOWN_RESOURCE_PATH))
        .isEmpty();
    assertThat(c.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/orthrus/closures.json"))
        .isPresent();
  }
}
