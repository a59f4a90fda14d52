package dev.orthrus.benchmarks.kvcache;

import dev.orthrus.benchmarks.CrossCpuLatency;
import dev.orthrus.benchmarks.kvcache.ServerProcess.ServerFailure;
import dev.orthrus.runtime.cpu.Pinning;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Consumer;
import java.util.function.DoubleBinaryOperator;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;

/**
 * The kvcache benchmark: the same {@link Workload} against the kvcache sample server in each mode
 * (and Debian's memcached as a sanity peer), in repetitions whose mode order rotates, reporting the
 * median of each figure over repetitions. Over tcp each mode's server starts once and its measured
 * windows alternate with the other modes' ({@link #measureInWindows}); in process each repetition
 * starts servers of its own.
 *
 * <p>Placement on a machine of two or more CPUs: the server process starts under {@code taskset -c
 * 0} (every thread it starts inherits CPU 0); in mode orthrus its validators pin themselves to the
 * top CPU ({@code -Dorthrus.pin=true}); in mode rbv the replica process is moved to the top CPU.
 * The load generator's threads pin to the server's CPU ({@link LoadCpu#SERVER}, the default: the
 * checking has the top CPU to itself, as on a machine with spare cores) or to the top CPU ({@link
 * LoadCpu#SPARE}: the server's core is its own, the checking shares with the clients), in every
 * mode alike (decision 0043). JVMs get {@code -XX:ActiveProcessorCount} of the machine so that CPU
 * 0's mask does not shrink their ergonomics to one CPU.
 */
public final class KvcacheBenchmark {

  /** What serves the load. */
  public enum Mode {
    VANILLA,
    ORTHRUS,
    /** The protected build with every closure strict: a reply waits for its closures' verdicts. */
    STRICT,
    RBV,
    MEMCACHED;

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the mode runs the sample's protected build. */
    public boolean protectedBuild() {
      return this == ORTHRUS || this == STRICT;
    }

    /** The server's {@code --mode}: strict is the protected server with a runtime setting. */
    public String serverMode() {
      return this == STRICT ? ORTHRUS.label() : label();
    }

    public static Mode parse(String label) {
      for (Mode m : values()) {
        if (m.label().equals(label)) {
          return m;
        }
      }
      throw new IllegalArgumentException(
          "unknown mode '" + label + "'; the modes are vanilla, orthrus, strict, rbv, memcached");
    }
  }

  /** The CPU the load generator's threads pin to (decision 0043). */
  public enum LoadCpu {
    /** The server's CPU: validators or the replica have the other CPU to themselves. */
    SERVER,
    /** The validators' or replica's CPU: the server has its CPU to itself. */
    SPARE;

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    public static LoadCpu parse(String label) {
      for (LoadCpu c : values()) {
        if (c.label().equals(label)) {
          return c;
        }
      }
      throw new IllegalArgumentException("--load-cpu must be server or spare, not " + label);
    }
  }

  /** Settings of one invocation; {@code ops} > 0 measures a count of requests instead of time. */
  public record Options(
      List<Mode> modes,
      boolean inProcess,
      boolean sampleAll,
      int repetitions,
      long warmupMillis,
      long warmupMaxMillis,
      long measureMillis,
      long ops,
      int serverThreads,
      int memoryMb,
      Workload workload,
      boolean pin,
      boolean reserveCpu,
      LoadCpu loadCpu) {
    public Options {
      modes = List.copyOf(modes);
      if (modes.isEmpty() || modes.stream().distinct().count() != modes.size()) {
        throw new IllegalArgumentException("give each mode once, at least one");
      }
      if (repetitions < 3) {
        throw new IllegalArgumentException(
            "at least 3 repetitions: the figures are medians over repetitions");
      }
      if (measureMillis < 100 && ops <= 0) {
        throw new IllegalArgumentException("measure for at least 0.1 s, or give a request count");
      }
      if (inProcess && modes.contains(Mode.MEMCACHED)) {
        throw new IllegalArgumentException("memcached has no in-process transport; use tcp");
      }
      if (warmupMillis < 0 || warmupMaxMillis < warmupMillis || serverThreads < 1 || memoryMb < 1) {
        throw new IllegalArgumentException("bad warm-up, thread or memory setting");
      }
    }
  }

  /**
   * The nice value validators get when their CPU is theirs alone (decision 0050): kernel threads
   * that wake on it (DAMON's {@code kdamond} took 4-10% of it, in slices of milliseconds) then run
   * on another CPU instead of preempting a validator, as on a machine that keeps cores for
   * validation.
   */
  static final int VALIDATOR_NICE = -20;

  /**
   * Where the processes run: the server on {@code serverCpu}, its validators (or replica) on {@code
   * otherCpu}, the load generator on {@code clientCpu} (one of the two); all -1 when nothing is
   * pinned (one CPU, {@code taskset} or {@code /proc} missing, or pinning not wanted). {@code
   * validatorNice} is the nice value the validators get for the measured phase, 0 when they keep
   * the default (the load generator shares their CPU, or raising a priority is not permitted here).
   */
  public record Placement(int cpus, int serverCpu, int otherCpu, int clientCpu, int validatorNice) {

    /** The placement on this machine; {@code pin} false leaves everything unpinned. */
    public static Placement of(boolean pin, LoadCpu loadCpu) {
      int cpus = Pinning.cpus();
      boolean pinned = pin && cpus >= 2 && taskset() != null && ProcFs.available();
      if (!pinned) {
        return new Placement(cpus, -1, -1, -1, 0);
      }
      boolean alone = loadCpu == LoadCpu.SERVER;
      return new Placement(
          cpus,
          0,
          cpus - 1,
          alone ? 0 : cpus - 1,
          alone && renice() != null && ProcFs.mayRaisePriority() ? VALIDATOR_NICE : 0);
    }

    public boolean pinned() {
      return serverCpu >= 0;
    }
  }

  /** The class path of the kvcache sample's vanilla or protected build, for a server JVM. */
  @FunctionalInterface
  public interface SampleClassPath {
    String of(boolean protectedBuild);
  }

  /**
   * One measured run of a server. Latencies in microseconds, CPU in nanoseconds per request;
   * figures a server does not report are NaN ({@code validatedFraction}, validation latencies and
   * {@code detections} come from its {@code stats}; -1 detections: not reported); {@code
   * cacheLineTransferNs} was measured just before the window ({@link CrossCpuLatency}; NaN in
   * process or unpinned). {@code error} is set, and the figures NaN, when the run failed.
   */
  public record Run(
      Mode mode,
      int repetition,
      double throughputOpsPerSec,
      double latencyP50Us,
      double latencyP99Us,
      double latencyP999Us,
      double validationLatencyMeanUs,
      double validationLatencyP50Us,
      double validationLatencyP99Us,
      double appCpuNanosPerOp,
      double validatorCpuNanosPerOp,
      double compilerCpuNanosPerOp,
      double logWaitNanosPerOp,
      double peakRssBytes,
      double liveHeapBytes,
      double validatedFraction,
      long detections,
      double clientCpuNanosPerOp,
      double getHitRatio,
      long ops,
      long warmupMillis,
      double cacheLineTransferNs,
      String stoppedLine,
      String error) {

    static Run failed(Mode mode, int repetition, String error) {
      double n = Double.NaN;
      return new Run(
          mode,
          repetition,
          n,
          n,
          n,
          n,
          n,
          n,
          n,
          n,
          n,
          n,
          n,
          n,
          n,
          n,
          -1,
          n,
          n,
          0,
          0,
          n,
          null,
          error);
    }

    public boolean ok() {
      return error == null;
    }

    Run withLiveHeap(double bytes) {
      return copy(bytes, cacheLineTransferNs);
    }

    /** This run with the cache-line transfer time measured just before its window. */
    Run withLineTransfer(double nanos) {
      return copy(liveHeapBytes, nanos);
    }

    private Run copy(double liveHeap, double lineNanos) {
      return new Run(
          mode,
          repetition,
          throughputOpsPerSec,
          latencyP50Us,
          latencyP99Us,
          latencyP999Us,
          validationLatencyMeanUs,
          validationLatencyP50Us,
          validationLatencyP99Us,
          appCpuNanosPerOp,
          validatorCpuNanosPerOp,
          compilerCpuNanosPerOp,
          logWaitNanosPerOp,
          peakRssBytes,
          liveHeap,
          validatedFraction,
          detections,
          clientCpuNanosPerOp,
          getHitRatio,
          ops,
          warmupMillis,
          lineNanos,
          stoppedLine,
          error);
    }
  }

  /**
   * All runs, and where things ran: {@code serverCpu}, {@code validatorCpu} (validators or replica)
   * and {@code clientCpu} are CPU numbers or -1 (not pinned); {@code cacheLineTransferNs} is the
   * one-way time of a cache line from the server's CPU to the validators' ({@link
   * CrossCpuLatency}), NaN when not pinned; {@code validatorNice} as in {@link Placement}; {@code
   * kernelThreadsMoved} names the kernel threads moved off the validators' CPU ({@link
   * ReservedCpu}).
   */
  public record Result(
      Options options,
      List<Run> runs,
      int serverCpu,
      int validatorCpu,
      int clientCpu,
      int cpus,
      double cacheLineTransferNs,
      int validatorNice,
      List<String> kernelThreadsMoved) {

    /** The median of {@code figure} over {@code mode}'s successful runs; NaN when none. */
    public double median(Mode mode, ToDoubleFunction<Run> figure) {
      return KvcacheBenchmark.median(
          runs.stream().filter(r -> r.mode() == mode && r.ok()).mapToDouble(figure).toArray());
    }

    /** The first error of {@code mode}'s runs, or null. */
    public String error(Mode mode) {
      return runs.stream()
          .filter(r -> r.mode() == mode && !r.ok())
          .map(Run::error)
          .findFirst()
          .orElse(null);
    }

    /**
     * The median over repetitions of {@code figure(a) / figure(b)} of the same repetition; NaN when
     * a mode was not run or failed.
     */
    public double ratio(Mode a, Mode b, ToDoubleFunction<Run> figure) {
      return paired(a, b, figure, (x, y) -> x / y);
    }

    /** As {@link #ratio}, of {@code figure(a) - figure(b)}. */
    public double difference(Mode a, Mode b, ToDoubleFunction<Run> figure) {
      return paired(a, b, figure, (x, y) -> x - y);
    }

    private double paired(
        Mode a, Mode b, ToDoubleFunction<Run> figure, DoubleBinaryOperator combine) {
      List<Double> values = new ArrayList<>();
      for (int rep = 0; rep < options.repetitions(); rep++) {
        Run x = run(a, rep);
        Run y = run(b, rep);
        if (x != null && y != null && x.ok() && y.ok()) {
          values.add(combine.applyAsDouble(figure.applyAsDouble(x), figure.applyAsDouble(y)));
        }
      }
      return KvcacheBenchmark.median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private Run run(Mode mode, int repetition) {
      return runs.stream()
          .filter(r -> r.mode() == mode && r.repetition() == repetition)
          .findFirst()
          .orElse(null);
    }

    /** Where the load generator ran, in words. */
    public String loadGeneratorPlacement() {
      if (options.inProcess()) {
        return "in the server's JVM on its CPU: each request runs on the load thread that wrote it";
      }
      if (clientCpu < 0) {
        return "in the orthrus CLI's JVM, unpinned";
      }
      String shared =
          clientCpu == serverCpu
              ? ", shared with the server"
              : clientCpu == validatorCpu ? ", shared with the validators or the replica" : "";
      return "in the orthrus CLI's JVM, its threads pinned to CPU " + clientCpu + shared;
    }
  }

  private static final String SERVER_MAIN = "dev.orthrus.samples.kvcache.server.Main";

  private KvcacheBenchmark() {}

  /** Runs every repetition; {@code progress} gets a line per run. */
  public static Result run(Options o, SampleClassPath classPath, Consumer<String> progress) {
    Placement placement = Placement.of(o.pin(), o.loadCpu());
    int clientCpu = placement.clientCpu();
    // The load generator's JVM (this one) keeps its compiler and GC threads off the validators'
    // CPU too: a spinning validator preempted by one of them for a few milliseconds delays every
    // log published meanwhile (decision 0043). Put back as it was afterwards.
    String ownCpus =
        clientCpu >= 0 && clientCpu != placement.otherCpu() ? ProcFs.allowedCpus() : null;
    // Measured before this JVM moves, while no server runs.
    double lineNanos = lineTransferNanos(placement);
    long self = ProcessHandle.current().pid();
    if (ownCpus != null) {
      move(self, Integer.toString(clientCpu));
    }
    try (ReservedCpu reserved =
        o.reserveCpu() && placement.validatorNice() != 0
            ? ReservedCpu.reserve(placement.otherCpu(), KvcacheBenchmark::setAffinity)
            : ReservedCpu.none()) {
      return run(o, classPath, progress, placement, lineNanos, reserved.movedThreads());
    } finally {
      if (ownCpus != null) {
        move(self, ownCpus);
      }
    }
  }

  private static Result run(
      Options o,
      SampleClassPath classPath,
      Consumer<String> progress,
      Placement placement,
      double lineNanos,
      List<String> kernelThreadsMoved) {
    List<Run> runs =
        o.inProcess()
            ? measureInProcess(o, classPath, progress, placement)
            : measureInWindows(o, classPath, progress, placement);
    return new Result(
        o,
        runs,
        placement.serverCpu(),
        placement.otherCpu(),
        placement.clientCpu(),
        placement.cpus(),
        lineNanos,
        placement.validatorNice(),
        kernelThreadsMoved);
  }

  /**
   * Over tcp each mode's server starts and warms up once; then the modes' measured windows
   * alternate, the other servers frozen meanwhile (decision 0053). A window of one mode is then
   * seconds from its neighbours of the other modes, so the host's slow and fast phases fall on both
   * sides of a ratio, as they did not when each repetition started and warmed a server of its own.
   */
  private static List<Run> measureInWindows(
      Options o, SampleClassPath classPath, Consumer<String> progress, Placement placement) {
    Map<Mode, LiveServer> live = new EnumMap<>(Mode.class);
    Map<Mode, String> failures = new EnumMap<>(Mode.class);
    List<Run> runs = new ArrayList<>();
    try {
      for (Mode mode : o.modes()) {
        progress.accept("starting " + mode.label() + " and warming it up");
        try {
          LiveServer server = LiveServer.start(o, mode, classPath, placement);
          live.put(mode, server);
          server.freeze();
        } catch (ServerFailure | ReplyException | IOException e) {
          failures.put(mode, failure(mode, e));
        }
      }
      pastFirstBump(o, live, failures, progress);
      for (int rep = 0; rep < o.repetitions(); rep++) {
        for (int i = 0; i < o.modes().size(); i++) {
          Mode mode = o.modes().get((i + rep) % o.modes().size());
          LiveServer server = live.get(mode);
          Run run;
          if (server == null) {
            run = Run.failed(mode, rep, failures.get(mode));
          } else {
            // The VM's CPUs may have moved between the host's cores since the last window.
            double lineNanos = lineTransferNanos(placement);
            try {
              run = server.window(o, rep).withLineTransfer(lineNanos);
            } catch (ServerFailure | ReplyException | IOException e) {
              run = Run.failed(mode, rep, failure(mode, e));
            }
            if (run.ok()) {
              server.freeze();
            } else {
              // A server that failed a window fails the rest of them the same way.
              live.remove(mode).close();
              failures.put(mode, run.error());
            }
          }
          runs.add(run);
          progress.accept(describe(run));
        }
      }
      // Once per server, after its last window: the full collection it runs would change the
      // heap's sizing for the windows after it.
      for (Map.Entry<Mode, LiveServer> e : live.entrySet()) {
        double liveHeap = e.getValue().liveHeapBytes();
        runs.replaceAll(r -> r.mode() == e.getKey() && r.ok() ? r.withLiveHeap(liveHeap) : r);
      }
      live.values().forEach(LiveServer::stop);
      live.clear();
    } finally {
      live.values().forEach(LiveServer::close);
    }
    return runs;
  }

  /**
   * The cache line's one-way time between the server's CPU and the validators' now ({@link
   * CrossCpuLatency}), measured while no server runs or every server is frozen; NaN when not
   * pinned.
   */
  private static double lineTransferNanos(Placement placement) {
    return placement.pinned()
        ? CrossCpuLatency.oneWayNanos(placement.serverCpu(), placement.otherCpu())
        : Double.NaN;
  }

  /**
   * What a failed run of {@code mode} says: the server's own error, or the wrong reply, as the
   * exception has it; an I/O error with the mode's name.
   */
  private static String failure(Mode mode, Exception e) {
    return e instanceof IOException ? mode.label() + ": " + e : e.getMessage();
  }

  /**
   * When some window would come after a server's first LRU bump ({@link #LRU_BUMP_NANOS} after its
   * preload, every item read is relinked once, a burst that compiles the path it takes), waits
   * until every server is past it and loads each for its warm-up again, so that every window
   * measures after it; a short invocation that ends before any bump measures before it. Either way
   * no window sees the first burst, which would fall in one mode's windows and not the other's.
   */
  private static void pastFirstBump(
      Options o,
      Map<Mode, LiveServer> live,
      Map<Mode, String> failures,
      Consumer<String> progress) {
    if (live.isEmpty()) {
      return;
    }
    long now = System.nanoTime();
    long oldest = live.values().stream().mapToLong(s -> s.preloadedNanos).min().getAsLong();
    long youngest = live.values().stream().mapToLong(s -> s.preloadedNanos).max().getAsLong();
    long perWindow = (o.measureMillis() + SETTLE_MILLIS + FREEZE_DRAIN_MILLIS + 500) * 1_000_000;
    long windows = (long) o.repetitions() * o.modes().size();
    if (o.ops() <= 0 && now + windows * perWindow - oldest < LRU_BUMP_NANOS) {
      return;
    }
    long wait = youngest + LRU_BUMP_NANOS + 1_000_000_000L - now;
    if (wait > 0) {
      progress.accept(
          "waiting "
              + (wait + 999_999_999) / 1_000_000_000
              + " s for the servers' first LRU bump, then warming them up again");
      try {
        Thread.sleep(wait / 1_000_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    for (Mode mode : List.copyOf(live.keySet())) {
      LiveServer server = live.get(mode);
      try {
        server.rewarm(o);
        server.freeze();
      } catch (ServerFailure | ReplyException | IOException e) {
        live.remove(mode).close();
        failures.put(mode, failure(mode, e));
      }
    }
  }

  /**
   * How long after an item's last relinking a read relinks it again: the sample's {@code
   * Cache.UPDATE_INTERVAL}, memcached's {@code ITEM_UPDATE_INTERVAL}.
   */
  private static final long LRU_BUMP_NANOS = 60_000_000_000L;

  /**
   * A server of one mode, started and warmed up once, its load generator connected, measured in
   * several windows. Between its windows it is frozen ({@code SIGSTOP}, with its replica): a
   * validator spinning on its own CPU, or a collection, would otherwise run beside another mode's
   * window.
   */
  private static final class LiveServer implements AutoCloseable {
    private final Mode mode;
    private final ServerProcess server;
    private final LoadGenerator load;
    private final long warmupMillis;

    /** When the preload ended, which set every item's last relinking ({@link #pastFirstBump}). */
    private final long preloadedNanos;

    /**
     * The server's detections (or rbv mismatches) that earlier windows reported: its figure is a
     * total since it started, and each window reports those that came since the window before.
     */
    private long detectionsReported;

    private LiveServer(
        Mode mode, ServerProcess server, LoadGenerator load, long warmupMillis, long preloaded) {
      this.mode = mode;
      this.server = server;
      this.load = load;
      this.warmupMillis = warmupMillis;
      this.preloadedNanos = preloaded;
    }

    static LiveServer start(Options o, Mode mode, SampleClassPath classPath, Placement placement)
        throws IOException {
      int port = mode == Mode.MEMCACHED ? freePort() : 0;
      List<String> command =
          command(o, mode, port, classPath, placement.cpus(), placement.serverCpu());
      ServerProcess server = ServerProcess.start(mode.label(), command, false);
      LoadGenerator load = null;
      try {
        if (mode == Mode.MEMCACHED) {
          server.awaitAccepting(port);
        } else {
          port = server.awaitListeningLine(mode.serverMode());
        }
        load =
            new LoadGenerator(
                o.workload(), LoadGenerator.ChannelSource.loopback(port), placement.clientCpu());
        moveDescendants(server.pid(), placement.otherCpu());
        load.preload();
        long preloaded = System.nanoTime();
        long warmup =
            WarmUp.run(
                load::warmUp,
                o.warmupMillis(),
                o.warmupMaxMillis(),
                // The load generator's own JIT too: at the start of an invocation it compiles
                // the load on the CPU it shares with the server (decision 0043).
                mode == Mode.MEMCACHED
                    ? WarmUp.compilerThreadsOf(ProcessHandle.current().pid())
                    : WarmUp.compilerThreadsOf(server.pid(), ProcessHandle.current().pid()));
        moveDescendants(server.pid(), placement.otherCpu());
        prioritizeValidators(server.pid(), placement.validatorNice());
        return new LiveServer(mode, server, load, warmup, preloaded);
      } catch (IOException | RuntimeException e) {
        if (load != null) {
          load.close();
        }
        ServerFailure failure =
            e instanceof IOException ? server.failure("failed under load: " + e) : null;
        server.close();
        if (failure != null) {
          throw failure;
        }
        throw e;
      }
    }

    /**
     * Thaws the server, loads it for {@link #SETTLE_MILLIS} unmeasured, then measures one window
     * and makes its figures; the server keeps running.
     */
    Run window(Options o, int rep) throws IOException {
      signal("CONT");
      try {
        // Its caches, and the kernel's for its sockets, went cold while frozen.
        load.warmUp(SETTLE_MILLIS * 1_000_000);
        boolean evictedBefore = load.evictedSinceStart();
        load.resetStats();
        ServerStats before = load.stats();
        CpuSplit cpu0 = CpuSplit.of(server.pid());
        LoadGenerator.Phase phase = load.run(o.measureMillis() * 1_000_000, o.ops());
        CpuSplit cpu1 = CpuSplit.of(server.pid());
        ServerStats after = load.stats();
        Footprint footprint = Footprint.of(server, mode, false);
        checkMisses(mode, phase, evictedBefore, after);
        Run run =
            figures(
                mode,
                rep,
                phase,
                cpu1.minus(cpu0),
                before,
                after,
                footprint,
                warmupMillis,
                false,
                null,
                detectionsReported);
        if (run.detections() > 0) {
          detectionsReported += run.detections();
        }
        return run;
      } catch (IOException | ReplyException e) {
        // A server that closed its connections may have died: say how, with its last output.
        throw server.failure(
            "failed under load: " + (e instanceof ReplyException ? e.getMessage() : e));
      }
    }

    /** Thaws the server and loads it for {@code --warmup}, unmeasured. */
    void rewarm(Options o) throws IOException {
      signal("CONT");
      try {
        load.warmUp(o.warmupMillis() * 1_000_000);
      } catch (IOException e) {
        throw server.failure("failed under load: " + e);
      }
    }

    /**
     * Freezes the server and its replica once the validators have drained the window's last logs:
     * frozen with logs in flight, their validation delay would include the time frozen.
     */
    void freeze() {
      try {
        Thread.sleep(FREEZE_DRAIN_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      signal("STOP");
    }

    /** Thaws the server and measures its live heap ({@link LiveHeap}); NaN for memcached. */
    double liveHeapBytes() {
      signal("CONT");
      return mode == Mode.MEMCACHED ? Double.NaN : LiveHeap.bytes(server.pid());
    }

    /** Thaws the server, stops it (SIGTERM: it prints its summary and exits) and closes it. */
    void stop() {
      signal("CONT");
      server.stop();
      close();
    }

    private void signal(String name) {
      List<String> command = new ArrayList<>(List.of("kill", "-" + name));
      for (long child : ProcFs.descendants(server.pid())) {
        command.add(Long.toString(child));
      }
      command.add(Long.toString(server.pid()));
      if (!runQuietly(command) && server.alive()) {
        throw server.failure("could not be sent SIG" + name);
      }
    }

    @Override
    public void close() {
      load.close();
      try {
        server.close();
      } catch (IOException e) {
        // Its stderr file stays behind in the temporary folder; nothing else to undo.
      }
    }
  }

  /** How long a server's validators get to finish the last window's logs before it is frozen. */
  private static final long FREEZE_DRAIN_MILLIS = 200;

  /** The load a thawed server gets before its window is measured. */
  private static final long SETTLE_MILLIS = 500;

  /**
   * In process each repetition starts a server of each mode, the load inside its JVM; the modes'
   * order rotates from one repetition to the next.
   */
  private static List<Run> measureInProcess(
      Options o, SampleClassPath classPath, Consumer<String> progress, Placement placement) {
    List<Run> runs = new ArrayList<>();
    for (int rep = 0; rep < o.repetitions(); rep++) {
      for (int i = 0; i < o.modes().size(); i++) {
        Mode mode = o.modes().get((i + rep) % o.modes().size());
        Run run;
        try {
          run = measureInProcess(o, mode, rep, classPath, placement);
        } catch (ServerFailure | ReplyException | IOException e) {
          run = Run.failed(mode, rep, failure(mode, e));
        }
        runs.add(run);
        progress.accept(describe(run));
      }
    }
    return runs;
  }

  /**
   * One run over {@link InProcessLoad}: the load generator inside the server's JVM, on the server's
   * CPU, driving the sample's in-process channels.
   */
  private static Run measureInProcess(
      Options o, Mode mode, int rep, SampleClassPath classPath, Placement placement)
      throws IOException {
    List<String> command = command(o, mode, 0, classPath, placement.cpus(), placement.serverCpu());
    int main = command.indexOf(SERVER_MAIN);
    List<String> serverArgs = new ArrayList<>(command.subList(main + 1, command.size()));
    serverArgs.removeAll(List.of("--port", "0"));
    command = new ArrayList<>(command.subList(0, main));
    command.add(InProcessLoad.class.getName());
    Workload w = o.workload();
    for (Object arg :
        List.of(
            w.keys(),
            w.zipfExponent(),
            w.getPercent(),
            w.minValueBytes(),
            w.maxValueBytes(),
            w.connections(),
            w.pipelineDepth(),
            w.seed(),
            o.warmupMillis(),
            o.warmupMaxMillis(),
            o.measureMillis(),
            o.ops())) {
      command.add(String.valueOf(arg));
    }
    command.addAll(serverArgs);
    try (ServerProcess server = ServerProcess.start(mode.label(), command, true)) {
      long patience = ServerProcess.START_MILLIS + o.warmupMaxMillis() + 60_000;
      long warmup = InProcessLoad.warmupMillis(server.awaitLine("ready", patience));
      prioritizeValidators(server.pid(), placement.validatorNice());
      CpuSplit cpu0 = CpuSplit.of(server.pid());
      server.send("go");
      server.awaitLine("measured", o.ops() > 0 ? Long.MAX_VALUE / 2 : o.measureMillis() + 60_000);
      CpuSplit cpu1 = CpuSplit.of(server.pid());
      InProcessLoad.Report report = InProcessLoad.Report.parse(server.awaitLine("done", 60_000));
      return finish(
          server,
          mode,
          rep,
          report.phase(),
          cpu1.minus(cpu0),
          report.before(),
          report.after(),
          report.evictedBefore(),
          warmup);
    }
  }

  /**
   * Stops an in-process server and makes the run's figures. In process the load threads run the
   * requests too, so their CPU is the server's and no load-generator CPU is given.
   */
  private static Run finish(
      ServerProcess server,
      Mode mode,
      int rep,
      LoadGenerator.Phase phase,
      CpuSplit cpu,
      ServerStats before,
      ServerStats after,
      boolean evictedBefore,
      long warmupMillis) {
    Footprint footprint = Footprint.of(server, mode, true);
    // InProcessLoad closes the server and exits on "stop".
    try {
      server.send("stop");
    } catch (IOException e) {
      throw server.failure("stopped reading its input: " + e);
    }
    String stopped = server.stop(10_000);
    checkMisses(mode, phase, evictedBefore, after);
    return figures(mode, rep, phase, cpu, before, after, footprint, warmupMillis, true, stopped, 0);
  }

  /**
   * A live server's peak memory (its replica's included) and, when {@code withLiveHeap}, its live
   * heap (else NaN).
   */
  private record Footprint(double peakRssBytes, double liveHeapBytes) {
    static Footprint of(ServerProcess server, Mode mode, boolean withLiveHeap) {
      long rss = ProcFs.peakRssBytes(server.pid());
      for (long child : ProcFs.descendants(server.pid())) {
        rss += Math.max(0, ProcFs.peakRssBytes(child));
      }
      if (!server.alive()) {
        throw server.failure("exited during the measurement");
      }
      // After the measured phase: the full collection it runs changes no figure of the run.
      double liveHeap =
          mode == Mode.MEMCACHED || !withLiveHeap ? Double.NaN : LiveHeap.bytes(server.pid());
      return new Footprint(rss, liveHeap);
    }
  }

  private static Run figures(
      Mode mode,
      int rep,
      LoadGenerator.Phase phase,
      CpuSplit cpu,
      ServerStats before,
      ServerStats after,
      Footprint footprint,
      long warmupMillis,
      boolean inProcess,
      String stopped,
      long detectionsBefore) {
    Histogram latency = phase.latency();
    double ops = phase.ops();
    double validated = after.since(before, ServerStats.VALIDATED).orElse(Double.NaN);
    double executions = after.since(before, ServerStats.EXECUTIONS).orElse(Double.NaN);
    OptionalDouble detections =
        after.number(mode == Mode.RBV ? ServerStats.RBV_MISMATCHES : ServerStats.DETECTIONS);
    return new Run(
        mode,
        rep,
        phase.opsPerSec(),
        latency.getValueAtPercentile(50) / 1000.0,
        latency.getValueAtPercentile(99) / 1000.0,
        latency.getValueAtPercentile(99.9) / 1000.0,
        after.number(ServerStats.VALIDATION_MEAN_US).orElse(Double.NaN),
        after.number(ServerStats.VALIDATION_P50_US).orElse(Double.NaN),
        after.number(ServerStats.VALIDATION_P99_US).orElse(Double.NaN),
        cpu.app() / ops,
        cpu.validators() / ops,
        cpu.compiler() / ops,
        after.since(before, ServerStats.LOG_WAIT_NS).orElse(Double.NaN) / ops,
        footprint.peakRssBytes(),
        footprint.liveHeapBytes(),
        executions > 0 ? validated / executions : Double.NaN,
        detections.isPresent() ? (long) detections.getAsDouble() - detectionsBefore : -1,
        inProcess ? Double.NaN : phase.clientCpuNanos() / ops,
        phase.gets() == 0 ? Double.NaN : 1 - (double) phase.misses() / phase.gets(),
        phase.ops(),
        warmupMillis,
        Double.NaN,
        stopped,
        null);
  }

  /** Whether the server counts evictions so far. */
  static boolean evicted(ServerStats stats) {
    return stats.number("evictions").orElse(0) > 0;
  }

  /**
   * Gets may miss only keys the server evicted, since every key was stored before: {@code
   * evictedBefore} says whether it had evicted any before {@code stats reset} (which zeroes the
   * counter), {@code after} counts since.
   */
  static void checkMisses(
      Mode mode, LoadGenerator.Phase phase, boolean evictedBefore, ServerStats after) {
    if (phase.misses() == 0 || evictedBefore) {
      return;
    }
    OptionalDouble evictions = after.number("evictions");
    if (evictions.isEmpty() || evictions.getAsDouble() == 0) {
      throw new ReplyException(
          mode.label()
              + ": "
              + phase.misses()
              + " gets missed keys that were stored, and the server reports "
              + (evictions.isEmpty() ? "no evictions counter" : "no evictions"));
    }
  }

  /**
   * CPU nanoseconds of the server's application threads and of its validators or replica, and of
   * its JIT compilers (a part of {@code app}: they run on the server's CPU).
   */
  record CpuSplit(long app, long validators, long compiler) {
    static CpuSplit of(long pid) {
      long validators = 0;
      long compiler = 0;
      for (Map.Entry<Long, String> t : ProcFs.threads(pid).entrySet()) {
        if (isValidator(t.getValue())) {
          validators += ProcFs.threadCpuNanos(pid, t.getKey());
        } else if (WarmUp.isCompiler(t.getValue())) {
          compiler += ProcFs.threadCpuNanos(pid, t.getKey());
        }
      }
      long replicas = 0;
      for (long child : ProcFs.descendants(pid)) {
        replicas += ProcFs.cpuNanos(child);
      }
      return new CpuSplit(ProcFs.cpuNanos(pid) - validators, validators + replicas, compiler);
    }

    /**
     * The time between two readings. A compiler thread HotSpot stopped in between takes its time
     * out of the sum, so the compilers' share is at least 0 and may understate.
     */
    CpuSplit minus(CpuSplit before) {
      return new CpuSplit(
          app - before.app,
          validators - before.validators,
          Math.max(0, compiler - before.compiler));
    }
  }

  /**
   * Whether a thread of {@code /proc} is a validator: the runtime names them {@code
   * orthrus-validator-N}, of which Linux keeps the first 15 characters.
   */
  static boolean isValidator(String threadName) {
    return threadName.startsWith("orthrus-validat");
  }

  static List<String> command(
      Options o, Mode mode, int port, SampleClassPath classPath, int cpus, int serverCpu) {
    List<String> command = new ArrayList<>();
    if (serverCpu >= 0) {
      command.addAll(List.of(taskset(), "-c", Integer.toString(serverCpu)));
    }
    String threads = Integer.toString(o.serverThreads());
    String memory = Integer.toString(o.memoryMb());
    if (mode == Mode.MEMCACHED) {
      command.addAll(
          List.of(
              memcached(),
              "-l",
              "127.0.0.1",
              "-p",
              Integer.toString(port),
              "-U",
              "0",
              "-t",
              threads,
              "-m",
              memory,
              "-c",
              "1024"));
      if ("root".equals(System.getProperty("user.name"))) {
        command.addAll(List.of("-u", "root")); // memcached refuses to run as root otherwise
      }
      return command;
    }
    List<String> jvmOptions = new ArrayList<>();
    if (mode.protectedBuild()) {
      jvmOptions.add("-Dorthrus.pin=" + (serverCpu >= 0));
      // With the load generator on the validators' CPU, a validator spinning when idle (decision
      // 0008) would take that CPU from the load and slow mode orthrus for nothing.
      jvmOptions.add("-Dorthrus.spinOnOwnCpu=" + (o.inProcess() || o.loadCpu() == LoadCpu.SERVER));
      jvmOptions.add("-Dorthrus.sampling=" + (o.sampleAll() ? "all" : "default"));
      if (mode == Mode.STRICT) {
        jvmOptions.add("-Dorthrus.mode=strict");
      }
    }
    command.addAll(
        serverJvm(
            mode,
            o.serverThreads(),
            o.memoryMb(),
            jvmOptions,
            classPath.of(mode.protectedBuild()),
            cpus));
    return command;
  }

  /**
   * {@code java ... Main --mode M --port 0 -m MB -t T}: a kvcache server JVM (mode vanilla or
   * orthrus) with {@code jvmOptions} before the class path, not yet placed on a CPU.
   */
  public static List<String> serverJvm(
      Mode mode, int threads, int memoryMb, List<String> jvmOptions, String classPath, int cpus) {
    List<String> command = new ArrayList<>();
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-XX:ActiveProcessorCount=" + cpus);
    command.add("-Xmx" + Math.max(1024, memoryMb * 4) + "m");
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", classPath, SERVER_MAIN));
    command.addAll(
        List.of(
            "--mode",
            mode.serverMode(),
            "--port",
            "0",
            "-m",
            Integer.toString(memoryMb),
            "-t",
            Integer.toString(threads)));
    return command;
  }

  /**
   * {@code command} run on {@code cpu} ({@code taskset -c cpu}), or as it is when {@code cpu} is
   * -1.
   */
  public static List<String> onCpu(int cpu, List<String> command) {
    if (cpu < 0) {
      return command;
    }
    List<String> placed = new ArrayList<>(List.of(taskset(), "-c", Integer.toString(cpu)));
    placed.addAll(command);
    return placed;
  }

  /** Moves the server's child processes (rbv's replica) and all their threads to {@code cpu}. */
  private static void moveDescendants(long pid, int cpu) {
    if (cpu < 0) {
      return;
    }
    for (long child : ProcFs.descendants(pid)) {
      move(child, Integer.toString(cpu));
    }
  }

  /**
   * Gives the validator threads of process {@code pid} the nice value {@code nice}; nothing when it
   * is 0. Best effort, as placement. rbv's replica keeps the default (decision 0050).
   */
  private static void prioritizeValidators(long pid, int nice) {
    if (nice == 0) {
      return;
    }
    List<String> command = new ArrayList<>(List.of(renice(), "-n", Integer.toString(nice), "-p"));
    int before = command.size();
    ProcFs.threads(pid)
        .forEach(
            (tid, name) -> {
              if (isValidator(name)) {
                command.add(Long.toString(tid));
              }
            });
    if (command.size() > before) {
      runQuietly(command);
    }
  }

  /** Sets one thread's CPUs ({@code cpuList} in taskset's form); true when taskset succeeded. */
  static boolean setAffinity(long tid, String cpuList) {
    return runQuietly(List.of(taskset(), "-p", "-c", cpuList, Long.toString(tid)));
  }

  /** Moves every thread of process {@code pid} to the CPUs of {@code cpuList} (taskset's form). */
  private static void move(long pid, String cpuList) {
    runQuietly(List.of(taskset(), "-a", "-p", "-c", cpuList, Long.toString(pid)));
  }

  /** Runs {@code command} with its output discarded; true when it exited with 0. */
  private static boolean runQuietly(List<String> command) {
    try {
      Process p =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      return p.waitFor() == 0;
    } catch (IOException e) {
      // Placement is best effort: the run goes on where the threads are, as when unpinned.
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** The {@code memcached} program, or a failure naming the package that provides it. */
  static String memcached() {
    String path = onPath("memcached");
    if (path == null) {
      throw new ServerFailure(
          "memcached is not installed (Debian package memcached: apt-get install memcached)");
    }
    return path;
  }

  private static String taskset() {
    return onPath("taskset");
  }

  private static String renice() {
    return onPath("renice");
  }

  private static String onPath(String program) {
    String path = System.getenv("PATH");
    for (String dir : (path == null ? "/usr/bin:/bin" : path).split(":", -1)) {
      Path candidate = Paths.get(dir, program);
      if (Files.isExecutable(candidate)) {
        return candidate.toString();
      }
    }
    return null;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  static String describe(Run r) {
    if (!r.ok()) {
      return String.format(
          Locale.ROOT,
          "repetition %d, %s: FAILED: %s",
          r.repetition() + 1,
          r.mode().label(),
          r.error());
    }
    String waited =
        Double.isNaN(r.logWaitNanosPerOp())
            ? ""
            : String.format(
                Locale.ROOT, ", waited for free logs %.0f ns/op", r.logWaitNanosPerOp());
    String line =
        Double.isNaN(r.cacheLineTransferNs())
            ? ""
            : String.format(Locale.ROOT, ", cache line %.0f ns", r.cacheLineTransferNs());
    return String.format(
        Locale.ROOT,
        "repetition %d, %s: %.0f ops/s, p50 %.1f us, p99 %.1f us, server CPU %.0f ns/op"
            + " (of which JIT %.0f; + validators %.0f)%s, load generator CPU %.0f ns/op, after"
            + " %.0f s of warm-up%s",
        r.repetition() + 1,
        r.mode().label(),
        r.throughputOpsPerSec(),
        r.latencyP50Us(),
        r.latencyP99Us(),
        r.appCpuNanosPerOp(),
        r.compilerCpuNanosPerOp(),
        r.validatorCpuNanosPerOp(),
        waited,
        r.clientCpuNanosPerOp(),
        r.warmupMillis() / 1000.0,
        line);
  }

  static double median(double[] xs) {
    if (xs.length == 0) {
      return Double.NaN;
    }
    double[] s = xs.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }
}
