package dev.orthrus.cli.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.cli.OrthrusCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** Usage errors of {@code orthrus demo}, found before anything starts. */
class DemoCommandTest {

  private static int run(StringWriter err, String... args) {
    picocli.CommandLine cli = OrthrusCommand.commandLine();
    cli.setOut(new PrintWriter(new StringWriter()));
    cli.setErr(new PrintWriter(err, true));
    return cli.execute(args);
  }

  @Test
  void anUnknownUnitIsAUsageError() {
    StringWriter err = new StringWriter();
    assertEquals(2, run(err, "demo", "--unit", "alu"));
    assertTrue(err.toString().contains("unknown unit 'alu'; the units are int, fp, vector, cache"));
  }

  @Test
  void everyAndSecondsMustBePositive() {
    assertEquals(2, run(new StringWriter(), "demo", "--every", "0"));
    assertEquals(2, run(new StringWriter(), "demo", "--seconds", "0"));
  }
}
