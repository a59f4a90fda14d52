package dev.orthrus.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** One in-process run of the {@code orthrus} command with captured stdout and stderr. */
public record CliRun(int exitCode, String out, String err) {

  public static CliRun of(String... args) {
    return with(CommandLine.defaultFactory(), args);
  }

  /** Runs with subcommands created by {@code factory}, e.g. to swap the annotation processor. */
  public static CliRun with(CommandLine.IFactory factory, String... args) {
    CommandLine cli = OrthrusCommand.commandLine(factory);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    int exit = cli.execute(args);
    return new CliRun(exit, out.toString(), err.toString());
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
  }
}
