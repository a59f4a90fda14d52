package dev.orthrus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The {@code orthrus} command itself: help for every command, usage errors, help and completion.
 */
class OrthrusCommandTest {

  /**
   * Every command path, e.g. {@code [analyze]}, {@code [bench, runtime]}, from the real command
   * tree.
   */
  private static List<List<String>> commandPaths() {
    List<List<String>> paths = new ArrayList<>();
    collect(OrthrusCommand.commandLine(), new ArrayList<>(), paths);
    return paths;
  }

  private static void collect(CommandLine cli, List<String> path, List<List<String>> paths) {
    paths.add(List.copyOf(path));
    cli.getSubcommands()
        .forEach(
            (name, sub) -> {
              // Aliases list the same command twice; only its own name counts.
              if (name.equals(sub.getCommandName())) {
                List<String> child = new ArrayList<>(path);
                child.add(name);
                collect(sub, child, paths);
              }
            });
  }

  /**
   * picocli reports a description it cannot format (a lone {@code %}) through its tracer on {@code
   * System.err}, not on the command's error writer.
   */
  private static CliRun withSystemErr(ByteArrayOutputStream captured, String... args) {
    PrintStream original = System.err;
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      return CliRun.of(args);
    } finally {
      System.setErr(original);
    }
  }

  @Test
  void helpOfEveryCommandFormatsWithoutWarnings() {
    List<List<String>> paths = commandPaths();
    assertTrue(
        paths.contains(List.of("analyze")) && paths.contains(List.of("bench", "runtime")),
        paths::toString);
    for (List<String> path : paths) {
      List<String> args = new ArrayList<>(path);
      args.add("--help");
      ByteArrayOutputStream systemErr = new ByteArrayOutputStream();
      CliRun run = withSystemErr(systemErr, args.toArray(String[]::new));
      String tracer = systemErr.toString(StandardCharsets.UTF_8);
      assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), () -> args + ": " + run);
      assertTrue(
          run.out().contains("Usage: orthrus " + String.join(" ", path)), () -> args + ": " + run);
      assertFalse(
          run.err().contains("picocli WARN") || tracer.contains("picocli WARN"),
          () -> args + ": " + run + "\n--- System.err\n" + tracer);
    }
  }

  @Test
  void unknownOptionPrintsTheErrorAndAHintNotTheWholeHelp() {
    CliRun run = CliRun.of("analyze", "--bogus", ".");
    assertEquals(OrthrusCommand.EXIT_USAGE, run.exitCode(), run::toString);
    assertEquals("", run.out());
    assertFalse(run.err().contains("Usage:"), run::toString);
    List<String> lines = run.err().lines().toList();
    assertEquals("Unknown option: '--bogus'", lines.get(0), run::toString);
    assertEquals(
        "Try 'orthrus analyze --help' for more information.",
        lines.get(lines.size() - 1),
        run::toString);
  }

  @Test
  void mistypedCommandSuggestsTheNearestOne() {
    CliRun run = CliRun.of("analyz", ".");
    assertEquals(OrthrusCommand.EXIT_USAGE, run.exitCode(), run::toString);
    assertFalse(run.err().contains("Usage:"), run::toString);
    assertTrue(run.err().contains("Did you mean: orthrus analyze?"), run::toString);
    assertTrue(run.err().contains("Try 'orthrus --help' for more information."), run::toString);
  }

  @Test
  void missingSubcommandIsAShortUsageError() {
    CliRun run = CliRun.of();
    assertEquals(OrthrusCommand.EXIT_USAGE, run.exitCode(), run::toString);
    assertEquals(2, run.err().strip().lines().count(), run::toString);
    assertTrue(run.err().startsWith("Missing subcommand"), run::toString);
  }

  @Test
  void helpCommandPrintsACommandsUsage() {
    CliRun root = CliRun.of("help");
    assertEquals(OrthrusCommand.EXIT_OK, root.exitCode(), root::toString);
    assertTrue(root.out().contains("generate-completion"), root::toString);
    assertTrue(root.out().contains("help"), root::toString);

    CliRun analyze = CliRun.of("help", "analyze");
    assertEquals(OrthrusCommand.EXIT_OK, analyze.exitCode(), analyze::toString);
    assertEquals(CliRun.of("analyze", "--help").out(), analyze.out());
  }

  @Test
  void generateCompletionPrintsABashScriptForEveryCommand() {
    CliRun run = CliRun.of("generate-completion");
    assertEquals(OrthrusCommand.EXIT_OK, run.exitCode(), run::toString);
    assertTrue(
        run.out().contains("complete -F _complete_orthrus"),
        () -> run.out().lines().limit(40).toList().toString());
    for (String word :
        List.of("analyze", "bench", "stress", "replay", "--suggest", "--release", "--format")) {
      assertTrue(run.out().contains(word), () -> "completion script lacks " + word);
    }
    assertEquals("", run.err());
  }
}
