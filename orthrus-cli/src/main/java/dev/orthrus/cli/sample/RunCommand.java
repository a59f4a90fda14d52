package dev.orthrus.cli.sample;

import dev.orthrus.cli.BadInputException;
import dev.orthrus.cli.OrthrusCommand;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code orthrus run kvcache}: the sample server in the foreground, in a JVM of its own running the
 * vanilla or the protected build. The child prints where it listens and, when stopped (Ctrl-C
 * reaches both JVMs; a SIGTERM to this one is passed on), its summary; the command exits with the
 * child's code.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = "Run a sample server (kvcache) until interrupted.")
public final class RunCommand implements Callable<Integer> {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", description = "The sample: kvcache.")
  String sample;

  @Option(
      names = "--mode",
      defaultValue = "vanilla",
      description =
          "vanilla, orthrus (the protected build, validated) or rbv (the vanilla build with a"
              + " replica JVM comparing every reply).")
  String mode;

  @Option(names = "--port", defaultValue = "11211", description = "TCP port (0: a free one).")
  int port;

  @Option(names = "-m", defaultValue = "64", description = "Memory limit in MB.")
  int memoryMb;

  @Option(names = "-t", defaultValue = "4", description = "Worker threads.")
  int threads;

  @Option(names = "-I", defaultValue = "1m", description = "Item size limit (e.g. 1m, 512k).")
  String itemSize;

  @Override
  public Integer call() throws IOException, InterruptedException {
    if (!sample.equals("kvcache")) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "orthrus run: only kvcache is a server; got '" + sample + "'");
    }
    SampleBuilds builds;
    try {
      builds = SampleBuilds.locate(sample);
    } catch (BadInputException e) {
      spec.commandLine().getErr().println("orthrus run: " + e.getMessage());
      return OrthrusCommand.EXIT_BAD_INPUT;
    }
    Process child = new ProcessBuilder(command(builds)).inheritIO().start();
    Thread forward =
        new Thread(
            () -> {
              child.toHandle().destroy();
              try {
                int code = child.waitFor();
                Runtime.getRuntime().halt(code);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "orthrus-run-stop");
    Runtime.getRuntime().addShutdownHook(forward);
    int code = child.waitFor();
    try {
      Runtime.getRuntime().removeShutdownHook(forward);
    } catch (IllegalStateException shuttingDown) {
      // Stopped by a signal: the hook passed it on and exits with the child's code.
    }
    return code;
  }

  /** java [-Dorthrus.* of this JVM] -cp <build + runtime> Main --mode ... */
  List<String> command(SampleBuilds builds) {
    boolean protectedBuild = mode.equals("orthrus");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (arg.startsWith("-Dorthrus.") && !arg.startsWith("-D" + SampleBuilds.ROOT_PROPERTY)) {
        command.add(arg);
      }
    }
    if (protectedBuild) {
      command.add("-Dorthrus.summary=true");
    }
    command.add("-cp");
    command.add(builds.classPath(protectedBuild));
    command.add("dev.orthrus.samples.kvcache.server.Main");
    command.addAll(
        List.of(
            "--mode", mode,
            "--port", String.valueOf(port),
            "-m", String.valueOf(memoryMb),
            "-t", String.valueOf(threads),
            "-I", itemSize));
    return command;
  }
}
