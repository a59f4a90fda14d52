package dev.orthrus.cli.runtime;

import dev.orthrus.benchmarks.Code;
import dev.orthrus.benchmarks.StressDriver;
import dev.orthrus.cli.OrthrusCommand;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code orthrus stress}: the false-positive stress. Application threads run a mixed workload on
 * shared user data with every execution validated; any detection is a false positive (exit 1).
 */
@Command(
    name = "stress",
    mixinStandardHelpOptions = true,
    description = "Run the concurrent false-positive stress at 100%% sampling.")
public final class StressCommand implements Callable<Integer> {

  static final int SCHEMA_VERSION = 1;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--threads", defaultValue = "4", description = "Application threads.")
  int threads;

  @Option(names = "--ops", defaultValue = "2000000", description = "Total operations.")
  long ops;

  @Option(names = "--seed", defaultValue = "42", description = "Workload seed.")
  long seed;

  @Option(
      names = "--code",
      defaultValue = "generated",
      paramLabel = "CODE",
      description =
          "generated (the rewriter's output for the goldens' annotated sources, the default) or"
              + " hand-written (orthrus-testkit's closures).")
  String code;

  @CommandLine.Mixin JsonOutput json;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (threads < 1 || threads > 256 || ops < 1) {
      err.println("orthrus stress: --threads must be 1..256 and --ops positive");
      return OrthrusCommand.EXIT_USAGE;
    }
    Code stressed;
    try {
      stressed = Code.of(code);
    } catch (IllegalArgumentException e) {
      err.println("orthrus stress: " + e.getMessage());
      return OrthrusCommand.EXIT_USAGE;
    }
    err.println(
        "orthrus: stress with "
            + threads
            + " threads, "
            + ops
            + " operations on "
            + stressed.label()
            + " code...");
    err.flush();
    StressDriver.Result r = StressDriver.run(threads, ops, seed, stressed);
    if (json.requested()) {
      JsonOutput.object(out, SCHEMA_VERSION)
          .field("operations", r.operations())
          .field("executions", r.executions())
          .field("validated", r.validated())
          .field("notValidated", r.notValidated())
          .field("detections", r.detections())
          .field("skipped", r.skipped())
          .field("threads", threads)
          .field("code", stressed.label())
          .field("millis", r.millis())
          .endObject()
          .finish();
    } else {
      out.println(
          "operations "
              + r.operations()
              + ", closure executions "
              + r.executions()
              + ", validated "
              + r.validated()
              + ", not validated "
              + r.notValidated()
              + ", detections "
              + r.detections()
              + ", "
              + r.millis()
              + " ms, "
              + stressed.label()
              + " code");
      r.firstDetections().forEach(out::println);
    }
    out.flush();
    return r.detections() > 0 ? OrthrusCommand.EXIT_FINDINGS : OrthrusCommand.EXIT_OK;
  }
}
