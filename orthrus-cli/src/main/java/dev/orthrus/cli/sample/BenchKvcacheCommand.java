package dev.orthrus.cli.sample;

import static dev.orthrus.cli.runtime.JsonOutput.number;

import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark;
import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark.Mode;
import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark.Result;
import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark.Run;
import dev.orthrus.benchmarks.kvcache.Workload;
import dev.orthrus.cli.BadInputException;
import dev.orthrus.cli.OrthrusCommand;
import dev.orthrus.cli.runtime.JsonOutput;
import dev.orthrus.model.json.JsonWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.ToDoubleFunction;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code orthrus bench kvcache}: the kvcache sample server in each mode, and optionally Debian's
 * memcached, under one workload, in repetitions with a rotating mode order; medians by mode, the
 * ratios between modes, and optionally an HTML plot.
 */
@Command(
    name = "kvcache",
    mixinStandardHelpOptions = true,
    description =
        "Benchmark the kvcache sample server: vanilla, orthrus and rbv (and Debian's memcached"
            + " with --peer memcached) under the same Zipf-skewed get/set load over loopback TCP,"
            + " each in a fresh process, in repetitions with a rotating mode order; medians.")
public final class BenchKvcacheCommand implements Callable<Integer> {

  static final int SCHEMA_VERSION = 1;

  /**
   * Default client connections per server thread. With one, memcached at one thread used about a
   * quarter of its core, waiting for the client's round trips; with four, about three quarters.
   */
  static final int CONNECTIONS_PER_THREAD = 4;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin JsonOutput json;

  @Option(
      names = "--modes",
      split = ",",
      paramLabel = "MODE",
      description =
          "Modes, comma-separated: vanilla, orthrus, strict (the protected build with every"
              + " closure strict: a reply waits for its verdicts), rbv, memcached;"
              + " default ${DEFAULT-VALUE}.")
  List<String> modes = List.of("vanilla", "orthrus", "strict", "rbv");

  @Option(
      names = "--peer",
      paramLabel = "memcached",
      description = "Also run Debian's memcached (same -t, -m) as a sanity peer.")
  String peer;

  @Option(
      names = "--sampling",
      defaultValue = "default",
      description =
          "Mode orthrus's sampling: default (the runtime's budget) or all (every execution validated).")
  String sampling;

  @Option(
      names = "--transport",
      defaultValue = "tcp",
      description =
          "tcp: loopback sockets, the real protocol (default); inproc: the load runs inside the"
              + " server's JVM, writing the same request bytes straight into its protocol handler.")
  String transport;

  @Option(
      names = "--duration",
      paramLabel = "S",
      defaultValue = "5",
      description = "Seconds measured per run; default ${DEFAULT-VALUE}.")
  double durationSeconds;

  @Option(
      names = "--ops",
      paramLabel = "N",
      description = "Measure N requests per run instead of a duration.")
  long ops;

  @Option(
      names = "--warmup",
      paramLabel = "S",
      defaultValue = "3",
      description =
          "Seconds of load before measuring, at least; then on while the server's JIT compilers"
              + " are busy; default ${DEFAULT-VALUE}.")
  double warmupSeconds;

  @Option(
      names = "--warmup-max",
      paramLabel = "S",
      defaultValue = "30",
      description = "Seconds the warm-up may last at most; default ${DEFAULT-VALUE}.")
  double warmupMaxSeconds;

  @Option(
      names = "--repetitions",
      paramLabel = "N",
      defaultValue = "5",
      description =
          "Measured windows (tcp) or runs (inproc) per mode, at least 3; default"
              + " ${DEFAULT-VALUE}.")
  int repetitions;

  @Option(
      names = "--threads",
      paramLabel = "N",
      defaultValue = "1",
      description = "Server worker threads (-t); default ${DEFAULT-VALUE}.")
  int threads;

  @Option(
      names = "--connections",
      paramLabel = "N",
      description =
          "Client connections, one load thread each; default: 4 per server thread, so that the"
              + " server's core is busy rather than waiting for round trips.")
  Integer connections;

  @Option(
      names = "--pipeline",
      paramLabel = "N",
      defaultValue = "16",
      description = "Requests in flight per connection; default ${DEFAULT-VALUE}.")
  int pipeline;

  @Option(
      names = "--keys",
      paramLabel = "N",
      defaultValue = "100000",
      description = "Distinct keys; default ${DEFAULT-VALUE}.")
  int keys;

  @Option(
      names = "--zipf",
      paramLabel = "S",
      defaultValue = "0.99",
      description = "Zipf exponent of key popularity; default ${DEFAULT-VALUE}.")
  double zipf;

  @Option(
      names = "--get-percent",
      paramLabel = "P",
      defaultValue = "90",
      description = "Share of gets (the rest are sets); default ${DEFAULT-VALUE}.")
  int getPercent;

  @Option(
      names = "--value-bytes",
      paramLabel = "MIN-MAX",
      defaultValue = "64-1024",
      description = "Set value sizes, uniform; default ${DEFAULT-VALUE}.")
  String valueBytes;

  @Option(
      names = "--memory",
      paramLabel = "MB",
      defaultValue = "256",
      description = "Server memory limit (-m); default ${DEFAULT-VALUE}.")
  int memoryMb;

  @Option(
      names = "--seed",
      defaultValue = "42",
      description = "Workload seed; default ${DEFAULT-VALUE}.")
  long seed;

  @Option(
      names = "--no-pin",
      description = "Do not pin the server, validators, replica and load generator.")
  boolean noPin;

  @Option(
      names = "--keep-kernel-threads",
      description =
          "Leave kernel threads where they may run: by default, when the validators' or the"
              + " replica's CPU is theirs alone, the kernel threads allowed on several CPUs leave it"
              + " for the invocation (decision 0052).")
  boolean keepKernelThreads;

  @Option(
      names = "--load-cpu",
      defaultValue = "server",
      description =
          "Where the load generator's threads run: server (the server's CPU; validators or the"
              + " replica have the other CPU to themselves, the default) or spare (the validators'"
              + " or replica's CPU; the server has its CPU to itself).")
  String loadCpu;

  @Option(
      names = "--plot",
      paramLabel = "FILE",
      description =
          "Write an HTML page (inline SVG) of throughput, latency and CPU per request by mode.")
  Path plot;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    KvcacheBenchmark.Options options;
    try {
      options = options();
    } catch (IllegalArgumentException e) {
      err.println("orthrus bench kvcache: " + e.getMessage());
      return OrthrusCommand.EXIT_USAGE;
    }
    KvcacheBenchmark.SampleClassPath classPath;
    try {
      classPath = classPath(options.modes());
    } catch (BadInputException e) {
      err.println("orthrus bench kvcache: " + e.getMessage());
      return OrthrusCommand.EXIT_BAD_INPUT;
    }
    err.println(
        "orthrus: benchmarking "
            + options.repetitions()
            + " repetitions of "
            + String.join(", ", options.modes().stream().map(Mode::label).toList())
            + "...");
    err.flush();
    Result result =
        KvcacheBenchmark.run(
            options,
            classPath,
            line -> {
              err.println(line);
              err.flush();
            });
    if (json.requested()) {
      out.print(toJson(result));
    } else {
      printText(result, out);
    }
    out.flush();
    if (plot != null) {
      try {
        Files.writeString(plot, KvcachePlot.html(result), StandardCharsets.UTF_8);
      } catch (IOException e) {
        err.println("orthrus bench kvcache: cannot write the plot " + plot + ": " + e.getMessage());
        return OrthrusCommand.EXIT_BAD_INPUT;
      }
    }
    boolean failed = result.runs().stream().anyMatch(r -> !r.ok() || r.detections() > 0);
    return failed ? OrthrusCommand.EXIT_FINDINGS : OrthrusCommand.EXIT_OK;
  }

  private KvcacheBenchmark.Options options() {
    if (!transport.equals("tcp") && !transport.equals("inproc")) {
      throw new IllegalArgumentException("--transport must be tcp or inproc, not " + transport);
    }
    if (!sampling.equals("default") && !sampling.equals("all")) {
      throw new IllegalArgumentException("--sampling must be default or all, not " + sampling);
    }
    List<Mode> chosen = new ArrayList<>();
    modes.forEach(m -> chosen.add(Mode.parse(m.strip())));
    if (peer != null) {
      if (!peer.equals("memcached")) {
        throw new IllegalArgumentException("--peer must be memcached, not " + peer);
      }
      if (!chosen.contains(Mode.MEMCACHED)) {
        chosen.add(Mode.MEMCACHED);
      }
    }
    String[] sizes = valueBytes.split("-", -1);
    int min;
    int max;
    try {
      min = Integer.parseInt(sizes[0].strip());
      max = sizes.length == 2 ? Integer.parseInt(sizes[1].strip()) : min;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--value-bytes must be N or MIN-MAX, not " + valueBytes);
    }
    if (sizes.length > 2
        || !(durationSeconds > 0)
        || !(warmupSeconds >= 0)
        || !(warmupMaxSeconds >= warmupSeconds)
        || ops < 0) {
      throw new IllegalArgumentException(
          "bad --value-bytes, --duration, --warmup, --warmup-max (below --warmup) or --ops");
    }
    Workload workload =
        new Workload(
            keys,
            zipf,
            getPercent,
            min,
            max,
            connections == null ? CONNECTIONS_PER_THREAD * threads : connections,
            pipeline,
            seed);
    return new KvcacheBenchmark.Options(
        chosen,
        transport.equals("inproc"),
        sampling.equals("all"),
        repetitions,
        Math.round(warmupSeconds * 1000),
        Math.round(warmupMaxSeconds * 1000),
        Math.round(durationSeconds * 1000),
        ops,
        threads,
        memoryMb,
        workload,
        !noPin,
        !keepKernelThreads,
        KvcacheBenchmark.LoadCpu.parse(loadCpu));
  }

  /** The sample's builds, located only when a kvcache mode runs (memcached alone needs none). */
  private static KvcacheBenchmark.SampleClassPath classPath(List<Mode> modes) {
    if (modes.stream().allMatch(m -> m == Mode.MEMCACHED)) {
      return protectedBuild -> {
        throw new IllegalStateException("no kvcache mode was asked for");
      };
    }
    SampleBuilds builds = SampleBuilds.locate("kvcache");
    return builds::classPath;
  }

  /** The figures of each mode: medians over its repetitions. */
  record ModeFigures(Mode mode, Run median, String error) {}

  static List<ModeFigures> byMode(Result r) {
    List<ModeFigures> figures = new ArrayList<>();
    for (Mode mode : r.options().modes()) {
      ToDoubleFunction<ToDoubleFunction<Run>> m = f -> r.median(mode, f);
      // Detections add up over repetitions; -1 when the server never reported them.
      long detections = -1;
      for (Run run : r.runs()) {
        if (run.mode() == mode && run.ok() && run.detections() >= 0) {
          detections = Math.max(detections, 0) + run.detections();
        }
      }
      Run median =
          new Run(
              mode,
              -1,
              m.applyAsDouble(Run::throughputOpsPerSec),
              m.applyAsDouble(Run::latencyP50Us),
              m.applyAsDouble(Run::latencyP99Us),
              m.applyAsDouble(Run::latencyP999Us),
              m.applyAsDouble(Run::validationLatencyMeanUs),
              m.applyAsDouble(Run::validationLatencyP50Us),
              m.applyAsDouble(Run::validationLatencyP99Us),
              m.applyAsDouble(Run::appCpuNanosPerOp),
              m.applyAsDouble(Run::validatorCpuNanosPerOp),
              m.applyAsDouble(Run::compilerCpuNanosPerOp),
              m.applyAsDouble(Run::logWaitNanosPerOp),
              m.applyAsDouble(Run::peakRssBytes),
              m.applyAsDouble(Run::liveHeapBytes),
              m.applyAsDouble(Run::validatedFraction),
              detections,
              m.applyAsDouble(Run::clientCpuNanosPerOp),
              m.applyAsDouble(Run::getHitRatio),
              (long) m.applyAsDouble(Run::ops),
              (long) m.applyAsDouble(Run::warmupMillis),
              m.applyAsDouble(Run::cacheLineTransferNs),
              null,
              r.error(mode));
      figures.add(new ModeFigures(mode, median, r.error(mode)));
    }
    return figures;
  }

  static String toJson(Result r) {
    StringBuilder text = new StringBuilder();
    JsonWriter w = JsonOutput.object(text, SCHEMA_VERSION);
    w.field("sample", "kvcache").field("transport", transport(r));
    w.field("sampling", r.options().sampleAll() ? "all" : "default");
    w.name("runs").beginArray();
    for (ModeFigures f : byMode(r)) {
      Run m = f.median();
      w.beginObject().field("mode", f.mode().label());
      number(w, "throughputOpsPerSec", m.throughputOpsPerSec());
      number(w, "latencyP50Us", m.latencyP50Us());
      number(w, "latencyP99Us", m.latencyP99Us());
      number(w, "latencyP999Us", m.latencyP999Us());
      number(w, "validationLatencyMeanUs", m.validationLatencyMeanUs());
      number(w, "validationLatencyP50Us", m.validationLatencyP50Us());
      number(w, "validationLatencyP99Us", m.validationLatencyP99Us());
      number(w, "appCpuNanosPerOp", m.appCpuNanosPerOp());
      number(w, "validatorCpuNanosPerOp", m.validatorCpuNanosPerOp());
      number(w, "compilerCpuNanosPerOp", m.compilerCpuNanosPerOp());
      number(w, "logWaitNanosPerOp", m.logWaitNanosPerOp());
      number(w, "peakRssBytes", m.peakRssBytes());
      number(w, "liveHeapBytes", m.liveHeapBytes());
      number(w, "validatedFraction", m.validatedFraction());
      w.name("detections");
      if (m.detections() >= 0) {
        w.value(m.detections());
      } else {
        w.nullValue();
      }
      number(w, "loadGeneratorCpuNanosPerOp", m.clientCpuNanosPerOp());
      number(w, "getHitRatio", m.getHitRatio());
      w.name("repetitions").beginArray();
      for (Run run : r.runs()) {
        if (run.mode() == f.mode()) {
          number(w, null, run.throughputOpsPerSec());
        }
      }
      w.endArray();
      // Each window's own figures, in the order measured: the line between the CPUs is measured
      // before each window, since a virtual machine's CPUs move between the host's cores.
      w.name("windows").beginArray();
      for (Run run : r.runs()) {
        if (run.mode() == f.mode() && run.ok()) {
          w.beginObject();
          number(w, "throughputOpsPerSec", run.throughputOpsPerSec());
          number(w, "appCpuNanosPerOp", run.appCpuNanosPerOp());
          number(w, "validatorCpuNanosPerOp", run.validatorCpuNanosPerOp());
          number(w, "cacheLineTransferNs", run.cacheLineTransferNs());
          w.endObject();
        }
      }
      w.endArray();
      if (f.error() != null) {
        w.field("error", f.error());
      }
      w.endObject();
    }
    w.endArray();
    w.name("ratios").beginObject();
    number(w, "orthrusVsVanilla", r.ratio(Mode.ORTHRUS, Mode.VANILLA, Run::throughputOpsPerSec));
    number(w, "rbvVsVanilla", r.ratio(Mode.RBV, Mode.VANILLA, Run::throughputOpsPerSec));
    number(w, "orthrusCpuVsVanilla", r.ratio(Mode.ORTHRUS, Mode.VANILLA, Run::appCpuNanosPerOp));
    number(w, "orthrusMemoryVsVanilla", r.ratio(Mode.ORTHRUS, Mode.VANILLA, Run::peakRssBytes));
    number(w, "orthrusLiveHeapVsVanilla", r.ratio(Mode.ORTHRUS, Mode.VANILLA, Run::liveHeapBytes));
    number(
        w, "vanillaVsMemcached", r.ratio(Mode.VANILLA, Mode.MEMCACHED, Run::throughputOpsPerSec));
    number(w, "strictAddedLatencyP50Us", strictAddedLatencyP50Us(r));
    w.endObject();
    w.name("placement").beginObject();
    w.field("cpus", r.cpus())
        .field("serverCpu", r.serverCpu())
        .field("validatorCpu", r.validatorCpu())
        .field("loadGeneratorCpu", r.clientCpu())
        .field("loadGenerator", r.loadGeneratorPlacement())
        .field("validatorNice", r.validatorNice());
    w.name("kernelThreadsMoved").beginArray();
    r.kernelThreadsMoved().forEach(w::value);
    w.endArray();
    number(w, "cacheLineTransferNs", r.cacheLineTransferNs());
    w.endObject();
    Workload wl = r.options().workload();
    w.name("workload").beginObject();
    w.field("keys", wl.keys());
    number(w, "zipfExponent", wl.zipfExponent());
    w.field("getPercent", wl.getPercent())
        .field("minValueBytes", wl.minValueBytes())
        .field("maxValueBytes", wl.maxValueBytes())
        .field("connections", wl.connections())
        .field("pipelineDepth", wl.pipelineDepth())
        .field("seed", wl.seed())
        .field("serverThreads", r.options().serverThreads())
        .field("memoryMb", r.options().memoryMb())
        .field("repetitions", r.options().repetitions())
        .field("warmupMillis", r.options().warmupMillis())
        .field("measureMillis", r.options().ops() > 0 ? 0 : r.options().measureMillis())
        .field("ops", r.options().ops());
    w.endObject().endObject().finish();
    return text.toString();
  }

  private void printText(Result r, PrintWriter out) {
    List<ModeFigures> figures = byMode(r);
    out.printf(
        Locale.ROOT,
        "kvcache over %s, sampling %s: medians of %d repetitions%n",
        transport(r),
        r.options().sampleAll() ? "all" : "default",
        r.options().repetitions());
    out.printf(
        Locale.ROOT,
        "%-10s %12s %9s %9s %9s %10s %10s %9s %9s %10s %9s%n",
        "mode",
        "ops/s",
        "p50 us",
        "p99 us",
        "p99.9 us",
        "app ns/op",
        "valid ns/op",
        "RSS MB",
        "live MB",
        "validated",
        "detected");
    for (ModeFigures f : figures) {
      Run m = f.median();
      if (f.error() != null && Double.isNaN(m.throughputOpsPerSec())) {
        out.printf(Locale.ROOT, "%-10s FAILED: %s%n", f.mode().label(), f.error());
        continue;
      }
      out.printf(
          Locale.ROOT,
          "%-10s %12.0f %9.1f %9.1f %9.1f %10.0f %10.0f %9.1f %9.1f %10s %9s%n",
          f.mode().label(),
          m.throughputOpsPerSec(),
          m.latencyP50Us(),
          m.latencyP99Us(),
          m.latencyP999Us(),
          m.appCpuNanosPerOp(),
          m.validatorCpuNanosPerOp(),
          m.peakRssBytes() / (1 << 20),
          m.liveHeapBytes() / (1 << 20),
          Double.isNaN(m.validatedFraction())
              ? "-"
              : String.format(Locale.ROOT, "%.4f", m.validatedFraction()),
          m.detections() < 0 ? "-" : Long.toString(m.detections()));
      if (f.error() != null) {
        out.printf(Locale.ROOT, "%-10s (some repetitions FAILED: %s)%n", "", f.error());
      }
    }
    for (ModeFigures f : figures) {
      Run m = f.median();
      if (Double.isFinite(m.validationLatencyMeanUs())) {
        out.printf(
            Locale.ROOT,
            "%s: validation delay mean %.1f us, p50 %.1f us, p99 %.1f us%n",
            f.mode().label(),
            m.validationLatencyMeanUs(),
            m.validationLatencyP50Us(),
            m.validationLatencyP99Us());
      }
    }
    ratio(
        out,
        "orthrus vs vanilla throughput",
        r.ratio(Mode.ORTHRUS, Mode.VANILLA, Run::throughputOpsPerSec));
    ratio(
        out,
        "rbv vs vanilla throughput",
        r.ratio(Mode.RBV, Mode.VANILLA, Run::throughputOpsPerSec));
    ratio(
        out,
        "orthrus vs vanilla app CPU/op",
        r.ratio(Mode.ORTHRUS, Mode.VANILLA, Run::appCpuNanosPerOp));
    ratio(
        out, "orthrus vs vanilla peak RSS", r.ratio(Mode.ORTHRUS, Mode.VANILLA, Run::peakRssBytes));
    ratio(
        out,
        "orthrus vs vanilla live heap",
        r.ratio(Mode.ORTHRUS, Mode.VANILLA, Run::liveHeapBytes));
    ratio(
        out,
        "vanilla vs memcached throughput",
        r.ratio(Mode.VANILLA, Mode.MEMCACHED, Run::throughputOpsPerSec));
    double strictAdded = strictAddedLatencyP50Us(r);
    if (Double.isFinite(strictAdded)) {
      out.printf(
          Locale.ROOT,
          "strict mode's added request latency p50 (vs %s): %.1f us%n",
          r.options().modes().contains(Mode.ORTHRUS) ? "orthrus" : "vanilla",
          strictAdded);
    }
    out.println(
        "server on CPU "
            + (r.serverCpu() < 0 ? "any (not pinned)" : r.serverCpu())
            + ", validators / replica on CPU "
            + (r.validatorCpu() < 0 ? "any" : r.validatorCpu())
            + (r.validatorNice() != 0 ? " at nice " + r.validatorNice() : "")
            + (r.kernelThreadsMoved().isEmpty()
                ? ""
                : " (kernel threads moved off it: "
                    + String.join(", ", r.kernelThreadsMoved())
                    + ")")
            + "; load generator "
            + r.loadGeneratorPlacement()
            + ", its CPU per request by mode: "
            + String.join(
                ", ",
                figures.stream()
                    .filter(f -> Double.isFinite(f.median().clientCpuNanosPerOp()))
                    .map(
                        f ->
                            String.format(
                                Locale.ROOT,
                                "%s %.0f ns",
                                f.mode().label(),
                                f.median().clientCpuNanosPerOp()))
                    .toList()));
    if (Double.isFinite(r.cacheLineTransferNs())) {
      out.printf(
          Locale.ROOT,
          "a cache line takes %.0f ns from the server's CPU to the validators' on this machine;"
              + " each logged execution hands its log across%n",
          r.cacheLineTransferNs());
    }
  }

  /**
   * What strict mode adds to a request's median latency: against mode orthrus (the same build,
   * replies not waiting) when it ran, else against vanilla; NaN without a strict run.
   */
  static double strictAddedLatencyP50Us(Result r) {
    Mode base = r.options().modes().contains(Mode.ORTHRUS) ? Mode.ORTHRUS : Mode.VANILLA;
    return r.difference(Mode.STRICT, base, Run::latencyP50Us);
  }

  static String transport(Result r) {
    return r.options().inProcess() ? "inproc" : "tcp";
  }

  private static void ratio(PrintWriter out, String what, double value) {
    if (Double.isFinite(value)) {
      out.printf(Locale.ROOT, "%s: %.3fx%n", what, value);
    }
  }
}
