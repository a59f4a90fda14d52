package dev.orthrus.cli.runtime;

import dev.orthrus.cli.OrthrusCommand;
import dev.orthrus.runtime.bench.RuntimeBenchmark;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code orthrus bench runtime}: the hand-written hash-map get/set mix with the runtime disabled
 * and enabled, alternating in one JVM; prints the median throughput ratio and latencies.
 */
@Command(
    name = "runtime",
    mixinStandardHelpOptions = true,
    description = "Measure the runtime's cost: protected vs disabled throughput, validation and"
        + " strict-mode latency, per-operation costs.")
public final class BenchRuntimeCommand implements Callable<Integer> {

  static final int SCHEMA_VERSION = 1;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--json", description = "Print JSON on stdout.")
  boolean json;

  @Option(names = "--pairs", defaultValue = "7", description = "Disabled/enabled round pairs.")
  int pairs;

  @Option(names = "--round-ms", defaultValue = "400", description = "Length of one round.")
  long roundMillis;

  @Option(names = "--keys", defaultValue = "10000", description = "Distinct keys.")
  int keys;

  @Option(names = "--value-bytes", defaultValue = "64", description = "Value size.")
  int valueBytes;

  @Option(names = "--get-percent", defaultValue = "90", description = "Share of gets.")
  int getPercent;

  @Option(names = "--no-pin", description = "Do not pin the application and validator threads.")
  boolean noPin;

  @Option(names = "--overhead-budget", paramLabel = "SHARE",
      description = "Share of the application thread's time logging may cost, in (0, 1];"
          + " default: the runtime's (${DEFAULT-VALUE}). 1 lets validator capacity alone decide"
          + " the sampling rate.")
  double overheadBudget = RuntimeBenchmark.DEFAULT_BUDGET;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    RuntimeBenchmark.Options options;
    try {
      options = new RuntimeBenchmark.Options(pairs, roundMillis, keys, valueBytes, getPercent,
          !noPin, overheadBudget);
    } catch (IllegalArgumentException e) {
      err.println("orthrus bench runtime: " + e.getMessage());
      return OrthrusCommand.EXIT_USAGE;
    }
    err.println("orthrus: benchmarking " + pairs + " round pairs of " + roundMillis + " ms...");
    err.flush();
    RuntimeBenchmark.Result r = RuntimeBenchmark.run(options);
    if (json) {
      out.println(toJson(r));
    } else {
      out.printf(Locale.ROOT, "protected vs disabled throughput (median): %.3fx%n",
          r.protectedVsDisabled());
      out.printf(Locale.ROOT, "protected vs vanilla throughput (median):  %.3fx%n",
          r.protectedVsVanilla());
      out.printf(Locale.ROOT, "ops/s disabled %.0f, protected %.0f, vanilla %.0f%n",
          r.disabledOpsPerSec(), r.protectedOpsPerSec(), r.vanillaOpsPerSec());
      out.printf(Locale.ROOT, "protected vs disabled per app-thread CPU second: %.3fx%n",
          r.protectedVsDisabledCpu());
      out.printf(Locale.ROOT,
          "validated fraction %.4f (sampling rate median %.4f, at end %.4f), validated %d,"
              + " skipped %d%n",
          r.validatedFraction(), r.samplingRateMedian(), r.finalSamplingRate(), r.validated(),
          r.skipped());
      out.printf(Locale.ROOT, "overhead budget %.3f, controller's estimate %.3f%n",
          r.overheadBudget(), r.estimatedOverhead());
      out.printf(Locale.ROOT, "validation latency mean %.1f us, p50 %.1f us, p99 %.1f us"
              + " (validator spinning on its own CPU: %s)%n",
          r.validationLatencyMeanUs(), r.validationLatencyP50Us(), r.validationLatencyP99Us(),
          r.validatorSpinning());
      out.printf(Locale.ROOT, "strict mode added latency p50 %.2f us%n",
          r.strictAddedLatencyP50Us());
      out.println("per-op ns: " + r.perOpNanos());
      out.println("detections " + r.detections() + ", pinned " + r.pinned() + " (app CPU "
          + r.appCpu() + ", validator CPU " + r.validatorCpu() + ")");
    }
    out.flush();
    return r.detections() > 0 ? OrthrusCommand.EXIT_FINDINGS : OrthrusCommand.EXIT_OK;
  }

  static String toJson(RuntimeBenchmark.Result r) {
    Json perOp = new Json();
    for (Map.Entry<String, Double> e : r.perOpNanos().entrySet()) {
      perOp.num(e.getKey(), e.getValue());
    }
    StringBuilder pairsJson = new StringBuilder("[");
    for (int i = 0; i < r.pairRatios().length; i++) {
      pairsJson.append(i == 0 ? "" : ",")
          .append(String.format(Locale.ROOT, "%.4f", r.pairRatios()[i]));
    }
    pairsJson.append(']');
    return new Json()
        .num("schemaVersion", SCHEMA_VERSION)
        .raw("ratios", new Json()
            .num("protectedVsDisabled", r.protectedVsDisabled())
            .num("protectedVsVanilla", r.protectedVsVanilla())
            .raw("pairs", pairsJson.toString())
            .end())
        .num("validationLatencyMeanUs", r.validationLatencyMeanUs())
        .num("validationLatencyP99Us", r.validationLatencyP99Us())
        .num("strictAddedLatencyP50Us", r.strictAddedLatencyP50Us())
        .num("detections", r.detections())
        .bool("pinned", r.pinned())
        .num("disabledOpsPerSec", r.disabledOpsPerSec())
        .num("protectedOpsPerSec", r.protectedOpsPerSec())
        .num("vanillaOpsPerSec", r.vanillaOpsPerSec())
        .num("finalSamplingRate", r.finalSamplingRate())
        .num("validated", r.validated())
        .num("skipped", r.skipped())
        .num("validatedFraction", r.validatedFraction())
        .num("samplingRateMedian", r.samplingRateMedian())
        .num("protectedVsDisabledCpu", r.protectedVsDisabledCpu())
        .num("overheadBudget", r.overheadBudget())
        .num("estimatedOverhead", r.estimatedOverhead())
        .num("latencySamples", r.latencySamples())
        .num("validationLatencyP50Us", r.validationLatencyP50Us())
        .bool("validatorSpinning", r.validatorSpinning())
        .num("appCpu", r.appCpu())
        .num("validatorCpu", r.validatorCpu())
        .bool("cpuIdNative", r.cpuIdNative())
        .raw("perOpNanos", perOp.end())
        .end();
  }
}
