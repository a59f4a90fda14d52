package dev.orthrus.cli.demo;

import dev.orthrus.benchmarks.kvcache.ReplyException;
import dev.orthrus.benchmarks.kvcache.ServerProcess;
import dev.orthrus.cli.BadInputException;
import dev.orthrus.cli.OrthrusCommand;
import dev.orthrus.cli.compile.TemporaryFolders;
import dev.orthrus.cli.inject.InjectCommand;
import dev.orthrus.cli.sample.SampleBuilds;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code orthrus demo}: a faulty core caught on screen (issue 12, item 4). Exit 0 when the emulated
 * defect was detected, {@value #EXIT_NOT_DETECTED} when it was not, 3 when the sample or the agent
 * is not built.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = {
      "Show Orthrus catching a faulty core: the protected kvcache server runs with one worker"
          + " thread whose core has a persistent defect in one unit (emulated by the"
          + " fault-injection agent), under load over loopback TCP. Prints the detections as they"
          + " arrive, the throughput against the vanilla build under the same load, and the"
          + " replay of one reproducer on this CPU."
    })
public final class DemoCommand implements Callable<Integer> {

  /** The emulated defect was not detected. */
  public static final int EXIT_NOT_DETECTED = 5;

  static final List<String> UNITS = List.of("int", "fp", "vector", "cache");

  /** The faulty core: the server's one worker thread ({@code -t 1}). */
  static final String WORKER_THREAD = "kvcache-worker-";

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--seconds",
      paramLabel = "S",
      defaultValue = "15",
      description = "Seconds of load on each build; default ${DEFAULT-VALUE}.")
  int seconds;

  @Option(
      names = "--warmup",
      paramLabel = "S",
      defaultValue = "3",
      description =
          "Seconds of load before the measured load, on each build; the core turns faulty when"
              + " the measured load starts; default ${DEFAULT-VALUE}.")
  int warmup;

  @Option(
      names = "--seed",
      paramLabel = "N",
      defaultValue = "5",
      description = "Chooses the faulty instruction and the load; default ${DEFAULT-VALUE}.")
  long seed;

  @Option(
      names = "--unit",
      paramLabel = "UNIT",
      defaultValue = "int",
      description = "The defective unit: int, fp, vector or cache; default ${DEFAULT-VALUE}.")
  String unit;

  @Option(
      names = "--every",
      paramLabel = "K",
      description =
          "Corrupt every K-th execution of the faulty instruction; default: about one request in "
              + SiteChoice.REQUESTS_PER_CORRUPTION
              + " meets a corruption, from the profile.")
  Long every;

  @Option(names = "--no-pin", description = "Leave the server, validators and load unpinned.")
  boolean noPin;

  @Option(names = "--json", description = "Print one JSON object on stdout instead of text.")
  boolean json;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    String usage = checkUsage();
    if (usage != null) {
      err.println("orthrus demo: " + usage);
      return OrthrusCommand.EXIT_USAGE;
    }
    SampleBuilds builds;
    Path agent;
    try {
      builds = SampleBuilds.locate("kvcache");
      agent = InjectCommand.agentJar(builds);
    } catch (BadInputException e) {
      err.println("orthrus demo: " + e.getMessage());
      return OrthrusCommand.EXIT_BAD_INPUT;
    }
    Path work = null;
    try {
      work = TemporaryFolders.create("orthrus-demo-");
      // A copy, so that a rebuild of the project while the demo runs cannot touch it.
      Path agentCopy = Files.copy(agent, work.resolve("orthrus-inject.jar"));
      DemoResult result =
          new Demo(
                  new Demo.Settings(seconds, warmup, seed, unit, every, !noPin),
                  builds,
                  agentCopy,
                  work,
                  err)
              .run();
      if (json) {
        DemoReport.writeJson(result, out);
      } else {
        DemoReport.writeText(result, out);
      }
      out.flush();
      return result.detected() ? OrthrusCommand.EXIT_OK : EXIT_NOT_DETECTED;
    } catch (Demo.NoInstructionException e) {
      err.println("orthrus demo: " + e.getMessage());
      return OrthrusCommand.EXIT_BAD_INPUT;
    } catch (IOException
        | UncheckedIOException
        | ServerProcess.ServerFailure
        | ReplyException
        | IllegalStateException e) {
      // The demo could not run to its end: a server that failed to start or stopped answering.
      err.println("orthrus demo: " + e.getMessage());
      return OrthrusCommand.EXIT_INTERNAL;
    } finally {
      if (work != null) {
        TemporaryFolders.delete(work, err);
      }
    }
  }

  private String checkUsage() {
    if (seconds < 1 || seconds > 600) {
      return "--seconds is within 1..600, not " + seconds;
    }
    if (warmup < 0 || warmup > 600) {
      return "--warmup is within 0..600, not " + warmup;
    }
    if (every != null && every < 1) {
      return "--every must be at least 1, not " + every;
    }
    if (!UNITS.contains(unit)) {
      return "unknown unit '" + unit + "'; the units are " + String.join(", ", UNITS);
    }
    return null;
  }
}
