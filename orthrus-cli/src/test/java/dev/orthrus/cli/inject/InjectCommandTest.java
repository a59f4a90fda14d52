package dev.orthrus.cli.inject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.cli.CliRun;
import dev.orthrus.cli.OrthrusCommand;
import dev.orthrus.cli.sample.SampleBuilds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InjectCommandTest {

  @TempDir Path root;

  @AfterEach
  void clearRoot() {
    System.clearProperty(SampleBuilds.ROOT_PROPERTY);
  }

  @Test
  void anUnknownUnitIsAUsageErrorNamingTheUnits() {
    CliRun run = CliRun.of("inject", "order-book", "--units", "int,alu");

    assertEquals(OrthrusCommand.EXIT_USAGE, run.exitCode(), run.toString());
    assertTrue(
        run.err().contains("unknown unit 'alu'; the units are int, fp, vector, cache"),
        run.toString());
  }

  @Test
  void anUnknownSamplingIsAUsageErrorNamingThePolicies() {
    CliRun run = CliRun.of("inject", "order-book", "--sampling", "sometimes");

    assertEquals(OrthrusCommand.EXIT_USAGE, run.exitCode(), run.toString());
    assertTrue(
        run.err().contains("--sampling is all, default, adaptive, random, not 'sometimes'"),
        run.toString());
  }

  @Test
  void aValidationBudgetMustBeAPositiveNumber() {
    for (String bad : new String[] {"0", "-1", "Infinity", "NaN"}) {
      CliRun run =
          CliRun.of("inject", "order-book", "--sampling", "adaptive", "--validation-budget", bad);

      assertEquals(OrthrusCommand.EXIT_USAGE, run.exitCode(), bad + ": " + run);
      assertTrue(run.err().contains("--validation-budget is a number above 0"), run.toString());
    }
    CliRun words = CliRun.of("inject", "order-book", "--validation-budget", "a quarter");
    assertEquals(OrthrusCommand.EXIT_USAGE, words.exitCode(), words.toString());
  }

  @Test
  void everyExecutionValidatedCannotBeHeldToAValidationBudget() {
    CliRun run = CliRun.of("inject", "order-book", "--validation-budget", "0.25");

    assertEquals(OrthrusCommand.EXIT_USAGE, run.exitCode(), run.toString());
    assertTrue(run.err().contains("--sampling all validates every execution"), run.toString());
  }

  @Test
  void faultsAreDrawnAmongExecutionsOrInstructionsAndNotForPersistentDefects() {
    CliRun unknown = CliRun.of("inject", "order-book", "--pick", "sites");
    assertEquals(OrthrusCommand.EXIT_USAGE, unknown.exitCode(), unknown.toString());
    assertTrue(
        unknown.err().contains("--pick is executions or instructions, not 'sites'"),
        unknown.toString());

    CliRun persistent = CliRun.of("inject", "order-book", "--persistent", "--pick", "instructions");
    assertEquals(OrthrusCommand.EXIT_USAGE, persistent.exitCode(), persistent.toString());
    assertTrue(persistent.err().contains("--persistent picks its defects"), persistent.toString());
  }

  @Test
  void theHelpNamesTheBudgetAndThePersistentModel() {
    CliRun run = CliRun.of("inject", "--help");

    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run.toString());
    assertTrue(run.out().contains("--validation-budget=R"), run.toString());
    assertTrue(run.out().contains("--persistent"), run.toString());
  }

  @Test
  void aMissingAgentNamesTheCommandThatBuildsIt() throws IOException {
    fakeBuilds("order-book");

    CliRun run = CliRun.of("inject", "order-book", "--runs", "1");

    assertEquals(OrthrusCommand.EXIT_BAD_INPUT, run.exitCode(), run.toString());
    assertTrue(run.err().contains("-pl orthrus-inject"), run.toString());
  }

  private void fakeBuilds(String sample) throws IOException {
    Path module = root.resolve("samples").resolve(sample).resolve("target");
    Files.createDirectories(module.resolve("classes/dev"));
    Files.createDirectories(module.resolve("orthrus-classes/dev"));
    System.setProperty(SampleBuilds.ROOT_PROPERTY, root.toString());
  }
}
