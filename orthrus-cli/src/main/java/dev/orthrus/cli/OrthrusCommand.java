package dev.orthrus.cli;

import dev.orthrus.cli.analyze.AnalyzeCommand;
import dev.orthrus.cli.instrument.InstrumentCommand;
import dev.orthrus.runtime.api.Orthrus;
import java.io.PrintWriter;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code orthrus} command; each subcommand is one class. */
@Command(
    name = "orthrus",
    mixinStandardHelpOptions = true,
    versionProvider = OrthrusCommand.Version.class,
    description = "Detect silent data corruption from faulty CPU cores in Java services.",
    subcommands = {
      AnalyzeCommand.class,
      InstrumentCommand.class,
      dev.orthrus.cli.runtime.BenchCommand.class,
      dev.orthrus.cli.runtime.StressCommand.class,
      dev.orthrus.cli.runtime.ReplayCommand.class,
      dev.orthrus.cli.sample.RunCommand.class,
      dev.orthrus.cli.inject.InjectCommand.class,
      dev.orthrus.cli.demo.DemoCommand.class,
      CommandLine.HelpCommand.class,
      AutoComplete.GenerateCompletion.class,
    })
public final class OrthrusCommand implements Runnable {

  /** Exit codes shared by every subcommand. */
  public static final int EXIT_OK = 0;

  public static final int EXIT_FINDINGS = 1;
  public static final int EXIT_USAGE = 2;
  public static final int EXIT_BAD_INPUT = 3;
  public static final int EXIT_INTERNAL = 4;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand");
  }

  /** A command line configured with the project's exit codes; tests use it too. */
  public static CommandLine commandLine() {
    return commandLine(CommandLine.defaultFactory());
  }

  /** As {@link #commandLine()}, with subcommands created by {@code factory} (tests swap parts). */
  public static CommandLine commandLine(CommandLine.IFactory factory) {
    CommandLine cli = new CommandLine(new OrthrusCommand(), factory);
    // Parse errors are usage errors; anything else escaping a command is our bug.
    cli.setExitCodeExceptionMapper(
        e -> e instanceof CommandLine.ParameterException ? EXIT_USAGE : EXIT_INTERNAL);
    cli.setParameterExceptionHandler(OrthrusCommand::usageError);
    // picocli hides the completion command; it is documented, so it is listed.
    cli.getSubcommands().get("generate-completion").getCommandSpec().usageMessage().hidden(false);
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          commandLine.getErr().println("orthrus: internal error: " + e);
          e.printStackTrace(commandLine.getErr());
          return EXIT_INTERNAL;
        });
    return cli;
  }

  /**
   * A usage error prints the error, picocli's suggestions for a mistyped name, and one line on how
   * to get help; the whole help page would bury the error.
   */
  private static int usageError(CommandLine.ParameterException e, String[] args) {
    CommandLine command = e.getCommandLine();
    PrintWriter err = command.getErr();
    err.println(e.getMessage());
    CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
    err.println(
        "Try '" + command.getCommandSpec().qualifiedName() + " --help' for more information.");
    err.flush();
    return EXIT_USAGE;
  }

  public static void main(String[] args) {
    // The tool is no protected program: a closure that a replayed program's static initializer
    // calls must not start validators here (bench and stress start runtimes of their own).
    Orthrus.install(Orthrus.validationOff());
    System.exit(commandLine().execute(args));
  }

  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = OrthrusCommand.class.getPackage().getImplementationVersion();
      return new String[] {"orthrus " + (v == null ? "(development build)" : v)};
    }
  }
}
