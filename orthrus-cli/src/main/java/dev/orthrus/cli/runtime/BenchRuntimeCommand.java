package dev.orthrus.cli.runtime;

import static dev.orthrus.cli.runtime.JsonOutput.number;

import dev.orthrus.benchmarks.Code;
import dev.orthrus.benchmarks.RuntimeBenchmark;
import dev.orthrus.cli.OrthrusCommand;
import dev.orthrus.model.json.JsonWriter;
import java.io.PrintWriter;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code orthrus bench runtime}: the hand-written hash-map get/set mix as vanilla code, with the
 * runtime disabled and with it enabled, in interleaved rounds in one JVM; prints the median
 * throughput ratios (wall and application-thread CPU time) and latencies.
 */
@Command(
    name = "runtime",
    mixinStandardHelpOptions = true,
    description =
        "Measure the runtime's cost: vanilla, disabled and protected throughput in"
            + " interleaved rounds, validation and strict-mode latency, per-operation costs.")
public final class BenchRuntimeCommand implements Callable<Integer> {

  static final int SCHEMA_VERSION = 1;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin JsonOutput json;

  @Option(
      names = {"--round-sets", "--pairs"},
      paramLabel = "N",
      description =
          "Round sets (one vanilla, one disabled, one protected round each, the order"
              + " cycling through all six permutations); default ${DEFAULT-VALUE}.")
  int roundSets = RuntimeBenchmark.DEFAULT_ROUND_SETS;

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

  @Option(
      names = "--overhead-budget",
      paramLabel = "SHARE",
      description =
          "Share of the application thread's time logging may cost, in (0, 1];"
              + " default: the runtime's (${DEFAULT-VALUE}). 1 lets validator capacity alone decide"
              + " the sampling rate.")
  double overheadBudget = RuntimeBenchmark.DEFAULT_BUDGET;

  @Option(
      names = "--code",
      defaultValue = "generated",
      paramLabel = "CODE",
      description =
          "The protected map: generated (the rewriter's output for orthrus-goldens' annotated"
              + " source, the default) or hand-written (orthrus-testkit's KvMap).")
  String code;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    RuntimeBenchmark.Options options;
    try {
      options =
          new RuntimeBenchmark.Options(
              roundSets,
              roundMillis,
              keys,
              valueBytes,
              getPercent,
              !noPin,
              overheadBudget,
              Code.of(code));
    } catch (IllegalArgumentException e) {
      err.println("orthrus bench runtime: " + e.getMessage());
      return OrthrusCommand.EXIT_USAGE;
    }
    err.println(
        "orthrus: benchmarking " + roundSets + " round sets of 3 x " + roundMillis + " ms...");
    err.flush();
    RuntimeBenchmark.Result r = RuntimeBenchmark.run(options);
    if (json.requested()) {
      out.print(toJson(r));
    } else {
      out.printf(
          Locale.ROOT,
          "%s code, medians of %d round sets, wall time (per app-thread CPU second)%n",
          r.code().label(),
          r.roundSets());
      out.printf(
          Locale.ROOT,
          "protected vs disabled: %.3fx (%.3fx)%n",
          r.protectedVsDisabled(),
          r.protectedVsDisabledCpu());
      out.printf(
          Locale.ROOT,
          "disabled vs vanilla:   %.3fx (%.3fx)%n",
          r.disabledVsVanilla(),
          r.disabledVsVanillaCpu());
      out.printf(
          Locale.ROOT,
          "protected vs vanilla:  %.3fx (%.3fx)%n",
          r.protectedVsVanilla(),
          r.protectedVsVanillaCpu());
      out.printf(
          Locale.ROOT,
          "ops/s vanilla %.0f, disabled %.0f, protected %.0f%n",
          r.vanillaOpsPerSec(),
          r.disabledOpsPerSec(),
          r.protectedOpsPerSec());
      out.printf(
          Locale.ROOT,
          "validated fraction %.4f (sampling rate median %.4f, at end %.4f), validated %d,"
              + " skipped %d%n",
          r.validatedFraction(),
          r.samplingRateMedian(),
          r.finalSamplingRate(),
          r.validated(),
          r.skipped());
      out.printf(
          Locale.ROOT,
          "overhead budget %.3f, controller's estimate %.3f (cost model x%.2f from measured logs)%n",
          r.overheadBudget(),
          r.estimatedOverhead(),
          r.logCostCalibration());
      out.printf(
          Locale.ROOT,
          "validation latency mean %.1f us, p50 %.1f us, p99 %.1f us"
              + " (validator spinning on its own CPU: %s)%n",
          r.validationLatencyMeanUs(),
          r.validationLatencyP50Us(),
          r.validationLatencyP99Us(),
          r.validatorSpinning());
      out.printf(
          Locale.ROOT, "strict mode added latency p50 %.2f us%n", r.strictAddedLatencyP50Us());
      out.println("per-op ns: " + r.perOpNanos());
      out.println(
          "detections "
              + r.detections()
              + ", pinned "
              + r.pinned()
              + " (app CPU "
              + r.appCpu()
              + ", validator CPU "
              + r.validatorCpu()
              + ")");
      if (!Double.isNaN(r.cacheLineTransferNs())) {
        out.printf(
            Locale.ROOT,
            "a cache line takes %.0f ns from the app's CPU to the validator's on this machine%n",
            r.cacheLineTransferNs());
      }
      out.println("garbage collector: " + collector());
    }
    out.flush();
    return r.detections() > 0 ? OrthrusCommand.EXIT_FINDINGS : OrthrusCommand.EXIT_OK;
  }

  /**
   * The JVM's garbage collectors, by name: versioned memory's stores publish new objects into old
   * handles, which the collector's write barrier prices (decision 0057).
   */
  static String collector() {
    return ManagementFactory.getGarbageCollectorMXBeans().stream()
        .map(GarbageCollectorMXBean::getName)
        .collect(Collectors.joining(", "));
  }

  static String toJson(RuntimeBenchmark.Result r) {
    StringBuilder text = new StringBuilder();
    JsonWriter w = JsonOutput.object(text, SCHEMA_VERSION);
    w.field("code", r.code().label());
    w.field("collector", collector());
    w.name("ratios").beginObject();
    number(w, "protectedVsDisabled", r.protectedVsDisabled());
    number(w, "protectedVsVanilla", r.protectedVsVanilla());
    number(w, "disabledVsVanilla", r.disabledVsVanilla());
    number(w, "protectedVsDisabledCpu", r.protectedVsDisabledCpu());
    number(w, "protectedVsVanillaCpu", r.protectedVsVanillaCpu());
    number(w, "disabledVsVanillaCpu", r.disabledVsVanillaCpu());
    numbers(w, "pairs", r.pairRatios());
    numbers(w, "disabledVsVanillaSets", r.disabledVsVanillaSets());
    numbers(w, "protectedVsVanillaSets", r.protectedVsVanillaSets());
    w.endObject();
    w.field("roundSets", r.roundSets());
    number(w, "validationLatencyMeanUs", r.validationLatencyMeanUs());
    number(w, "validationLatencyP99Us", r.validationLatencyP99Us());
    number(w, "strictAddedLatencyP50Us", r.strictAddedLatencyP50Us());
    w.field("detections", r.detections()).field("pinned", r.pinned());
    number(w, "disabledOpsPerSec", r.disabledOpsPerSec());
    number(w, "protectedOpsPerSec", r.protectedOpsPerSec());
    number(w, "vanillaOpsPerSec", r.vanillaOpsPerSec());
    number(w, "finalSamplingRate", r.finalSamplingRate());
    w.field("validated", r.validated()).field("skipped", r.skipped());
    number(w, "validatedFraction", r.validatedFraction());
    number(w, "samplingRateMedian", r.samplingRateMedian());
    number(w, "protectedVsDisabledCpu", r.protectedVsDisabledCpu());
    number(w, "overheadBudget", r.overheadBudget());
    number(w, "estimatedOverhead", r.estimatedOverhead());
    number(w, "logCostCalibration", r.logCostCalibration());
    number(w, "cacheLineTransferNs", r.cacheLineTransferNs());
    w.field("latencySamples", r.latencySamples());
    number(w, "validationLatencyP50Us", r.validationLatencyP50Us());
    w.field("validatorSpinning", r.validatorSpinning())
        .field("appCpu", r.appCpu())
        .field("validatorCpu", r.validatorCpu())
        .field("cpuIdNative", r.cpuIdNative());
    w.name("perOpNanos").beginObject();
    for (Map.Entry<String, Double> e : r.perOpNanos().entrySet()) {
      number(w, e.getKey(), e.getValue());
    }
    w.endObject().endObject().finish();
    return text.toString();
  }

  private static void numbers(JsonWriter w, String name, double[] values) {
    w.name(name).beginArray();
    for (double value : values) {
      number(w, null, value);
    }
    w.endArray();
  }
}
