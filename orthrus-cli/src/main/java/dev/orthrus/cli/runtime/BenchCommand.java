package dev.orthrus.cli.runtime;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code orthrus bench}: groups the benchmarks; {@code runtime} is the runtime cost benchmark,
 * {@code kvcache} the kvcache sample server's.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = "Run a benchmark.",
    subcommands = {BenchRuntimeCommand.class, dev.orthrus.cli.sample.BenchKvcacheCommand.class})
public final class BenchCommand implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "Missing benchmark name");
  }
}
