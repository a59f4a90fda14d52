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
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code orthrus instrument} with the real pipeline ({@code Instrumenter.instrument}). */
class InstrumentPipelineTest {

  @TempDir Path dir;

  /** The shop's counter and tally under {@code src/}, plus {@code more} (name, text pairs). */
  private CliRun instrumentShop(String... more) throws IOException {
    List<String> files =
        new ArrayList<>(
            List.of("Counter.java", ShopSources.COUNTER, "Tally.java", ShopSources.TALLY));
    files.addAll(List.of(more));
    for (int i = 0; i < files.size(); i += 2) {
      Path file = dir.resolve("src/shop").resolve(files.get(i));
      Files.createDirectories(file.getParent());
      Files.writeString(file, files.get(i + 1), StandardCharsets.UTF_8);
    }
    return CliRun.of(
        "instrument",
        dir.resolve("src").toString(),
        "--out",
        dir.resolve("build/classes").toString());
  }

  @Test
  void syntaxErrorExitsBadInputNamingFileAndLineWithoutStackTrace() throws IOException {
    CliRun run = instrumentShop("Broken.java", "package shop;\n\nclass Broken {\n  int x = ;\n}\n");

    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run::toString);
    assertTrue(
        run.err().lines().anyMatch(l -> l.startsWith(dir.resolve("src/shop/Broken.java") + ":4:")),
        run::toString);
    assertFalse(run.err().contains("\tat "), run::toString);
    assertFalse(Files.exists(dir.resolve("build/classes/shop/Tally.class")), run::toString);
  }

  @Test
  void annotatedSourcesBecomeProtectedClasses() throws IOException {
    CliRun run = instrumentShop();

    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    assertTrue(
        run.out().contains("1 closure logged and validated, 1 class versioned"), run::toString);
    assertTrue(Files.isRegularFile(dir.resolve("build/classes/shop/Tally.class")), run::toString);
    assertTrue(
        Files.isRegularFile(dir.resolve("build/generated-sources/orthrus/shop/Tally.java")),
        run::toString);
  }
}
