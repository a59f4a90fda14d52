package dev.orthrus.cli.demo;

import dev.orthrus.cli.OrthrusCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * The replay of one reproducer in this process, through {@code orthrus replay --json}: on the CPU
 * the application thread ran on when it can pin there, so that a healthy CPU shows the value the
 * validator computed.
 */
final class Replay {

  /**
   * {@code outcome}: {@code MATCHES_VALIDATOR}, {@code MATCHES_APP}, {@code DIFFERS_FROM_BOTH}, or
   * {@code NO_VERDICT} (the replay failed: {@code message} says why).
   */
  record Verdict(Path file, String outcome, int cpu, String message) {

    /** The verdict in words. */
    String words() {
      return switch (outcome) {
        case "MATCHES_VALIDATOR" ->
            "does not reproduce here: CPU "
                + cpu
                + " computes the validator's value; the fault was in the core that ran it";
        case "MATCHES_APP" -> "reproduces here: this CPU computes the application's wrong value";
        case "DIFFERS_FROM_BOTH" -> "differs from both the application's and the validator's value";
        default -> "no verdict: " + message;
      };
    }
  }

  private static final Pattern OUTCOME = Pattern.compile("\"outcome\"\\s*:\\s*\"(\\w+)\"");
  private static final Pattern CPU = Pattern.compile("\"cpu\"\\s*:\\s*(-?\\d+)");

  private Replay() {}

  /**
   * Replays {@code file} with {@code classes} (the protected build), pinned to {@code cpu} if >= 0.
   */
  static Verdict run(Path file, Path classes, int cpu) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = OrthrusCommand.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    List<String> args =
        new ArrayList<>(
            List.of("replay", file.toString(), "--class-path", classes.toString(), "--json"));
    if (cpu >= 0) {
      args.addAll(List.of("--cpu", Integer.toString(cpu)));
    }
    cli.execute(args.toArray(new String[0]));
    Matcher outcome = OUTCOME.matcher(out.toString());
    Matcher ranOn = CPU.matcher(out.toString());
    if (!outcome.find()) {
      return new Verdict(file, "NO_VERDICT", -1, err.toString().strip());
    }
    return new Verdict(
        file, outcome.group(1), ranOn.find() ? Integer.parseInt(ranOn.group(1)) : -1, null);
  }
}
