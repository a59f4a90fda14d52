package dev.orthrus.cli.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.cli.CliRun;
import dev.orthrus.cli.OrthrusCommand;
import dev.orthrus.cli.ShopSources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code orthrus instrument} with the real pipeline ({@code Instrumenter.instrument}). Tagged
 * {@code needs-pipeline}: the build runs these only with the profile of that name, until the
 * pipeline is built.
 */
@Tag("needs-pipeline")
class InstrumentPipelineTest {

  @TempDir Path dir;

  private void write(String relative, String text) throws IOException {
    Path file = dir.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  @Test
  void syntaxErrorExitsBadInputNamingFileAndLineWithoutStackTrace() throws IOException {
    write("src/shop/Counter.java", ShopSources.COUNTER);
    write("src/shop/Tally.java", ShopSources.TALLY);
    write("src/shop/Broken.java", "package shop;\n\nclass Broken {\n  int x = ;\n}\n");
    CliRun run =
        CliRun.of(
            "instrument",
            dir.resolve("src").toString(),
            "--out",
            dir.resolve("build/classes").toString());

    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertTrue(
        run.err().lines().anyMatch(l -> l.startsWith(dir.resolve("src/shop/Broken.java") + ":4:")),
        run::toString);
    assertFalse(run.err().contains("\tat "), run::toString);
    assertFalse(Files.exists(dir.resolve("build/classes/shop/Tally.class")), run::toString);
  }

  @Test
  void annotatedSourcesBecomeProtectedClasses() throws IOException {
    write("src/shop/Counter.java", ShopSources.COUNTER);
    write("src/shop/Tally.java", ShopSources.TALLY);
    CliRun run =
        CliRun.of(
            "instrument",
            dir.resolve("src").toString(),
            "--out",
            dir.resolve("build/classes").toString());

    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    assertTrue(
        run.out().contains("1 closure logged and validated, 1 class versioned"), run::toString);
    assertTrue(Files.isRegularFile(dir.resolve("build/classes/shop/Tally.class")), run::toString);
    assertTrue(
        Files.isRegularFile(dir.resolve("build/generated-sources/orthrus/shop/Tally.java")),
        run::toString);
  }
}
