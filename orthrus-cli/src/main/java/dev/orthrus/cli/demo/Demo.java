package dev.orthrus.cli.demo;

import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark;
import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark.LoadCpu;
import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark.Mode;
import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark.Placement;
import dev.orthrus.benchmarks.kvcache.ReplyException;
import dev.orthrus.benchmarks.kvcache.ServerStats;
import dev.orthrus.benchmarks.kvcache.Workload;
import dev.orthrus.cli.inject.ProfiledSite;
import dev.orthrus.cli.sample.SampleBuilds;
import dev.orthrus.runtime.report.CallerNames;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One demo: the profile of the protected server under the demo's load, the choice of the faulty
 * instruction, the protected server with the defect under load (detections shown as they arrive),
 * the vanilla server under the same load, and the replay of one reproducer.
 */
final class Demo {

  /** Settings of one demo. */
  record Settings(int seconds, int warmup, long seed, String unit, Long every, boolean pin) {}

  /** Detections printed in full; the rest are counted in the progress lines. */
  static final int SHOWN = 5;

  /** Instructions tried at most: the next gets the defect when one made the server fail-stop. */
  static final int ATTEMPTS = 3;

  /** A server whose {@code stats} take longer has stopped answering (fail-stop). */
  static final long STATS_PATIENCE_MILLIS = 3_000;

  /** Progress lines without a request served, after which the server counts as stopped. */
  static final int STALLED_TICKS = 3;

  private static final int MEMORY_MB = 256;
  private static final long PROFILE_MILLIS = 2_000;

  private final Settings settings;
  private final SampleBuilds builds;
  private final Path agent;
  private final Path work;
  private final PrintWriter progress;
  private final Placement placement;
  private final Workload workload;
  private final CallerNames callers;

  Demo(Settings settings, SampleBuilds builds, Path agent, Path work, PrintWriter progress) {
    this.settings = settings;
    this.builds = builds;
    this.agent = agent;
    this.work = work;
    this.progress = progress;
    // The load shares the validators' CPU, leaving the faulty core's to the server alone.
    this.placement = Placement.of(settings.pin(), LoadCpu.SPARE);
    this.workload = workload(settings.seed());
    this.callers = CallerNames.of(builds.protectedClasses());
  }

  /**
   * The demo's load: 1,000 keys, Zipf 0.99, 90% gets, 64-1024-byte values, four connections of 16
   * pipelined requests (the kvcache benchmark's defaults at one server thread, with few keys so
   * that the preload takes a fraction of a second).
   */
  static Workload workload(long seed) {
    return new Workload(1_000, Workload.DEFAULT_ZIPF_EXPONENT, 90, 64, 1024, 4, 16, seed);
  }

  /** What a server run showed; for the protected run also the detections and the corruptions. */
  private static final class Run {
    final List<DetectionLine> detections = new ArrayList<>();
    final List<String> shown = new ArrayList<>();
    long firstDetectionMillis = -1;
    long validated = -1;
    long fired = -1;
    long wrongReplies;
    long requests;
    double opsPerSec = Double.NaN;
    int stalledTicks;
    int serverLines;
    String failStop;
  }

  DemoResult run() throws IOException {
    say(
        "orthrus demo: kvcache protected, one worker thread as the faulty core%s",
        placement.pinned()
            ? " (server on CPU "
                + placement.serverCpu()
                + ", validators and load on CPU "
                + placement.otherCpu()
                + ")"
            : " (unpinned)");
    Run profiled = new Run();
    List<ProfiledSite> profile = profile(profiled);
    SiteChoice.Choice choice =
        SiteChoice.choose(profile, settings.unit(), settings.seed(), profiled.requests);
    if (choice == null) {
      throw new NoInstructionException(
          "no data-path instruction of unit "
              + settings.unit()
              + " runs once in "
              + SiteChoice.REQUESTS_PER_CANDIDATE_EXECUTION
              + " requests of the demo's load (kvcache's closures compute no floating point);"
              + " choose another --unit");
    }
    List<String> failStops = new ArrayList<>();
    SiteChoice.Instruction instruction = null;
    long every = 0;
    Run defective = null;
    for (int attempt = 0; attempt < Math.min(ATTEMPTS, choice.candidates()); attempt++) {
      instruction = choice.order().get(attempt);
      every =
          settings.every() != null
              ? settings.every()
              : SiteChoice.every(instruction.executions(), profiled.requests);
      say(
          "faulty instruction: %s, one of %d; %s on every %d-th execution",
          instruction.description(), choice.candidates(), instruction.faultType(), every);
      defective = defectiveRun(instruction, every);
      if (defective.failStop == null || !defective.detections.isEmpty()) {
        break;
      }
      failStops.add(instruction.label() + ": " + defective.failStop);
      say("  the server failed before a detection (%s); the defect moves on", defective.failStop);
    }
    Run vanilla = vanillaRun();
    Replay.Verdict replay =
        defective.detections.stream()
            .filter(d -> d.reproducer() != null && Files.isRegularFile(Path.of(d.reproducer())))
            .findFirst()
            .map(d -> Replay.run(Path.of(d.reproducer()), builds.protectedClasses(), d.cpu()))
            .orElse(null);
    return new DemoResult(
        settings.seed(),
        settings.seconds(),
        instruction,
        choice.candidates(),
        every,
        failStops,
        defective.failStop,
        defective.firstDetectionMillis,
        defective.detections.size(),
        defective.validated,
        defective.fired,
        defective.wrongReplies,
        defective.opsPerSec,
        vanilla.opsPerSec,
        replay,
        defective.detections.stream()
            .map(DetectionLine::reproducerProblem)
            .filter(Objects::nonNull)
            .findFirst()
            .orElse(null),
        placement);
  }

  /** The protected server's sites counted under the demo's load (agent in profile mode). */
  private List<ProfiledSite> profile(Run run) throws IOException {
    Path table = work.resolve("profile.tsv");
    say("profiling the protected server under the demo's load (%d s)...", PROFILE_MILLIS / 1000);
    try (ServerUnderLoad s = start(Mode.ORTHRUS, agentOption("mode=profile,out=" + table), false)) {
      s.drive(0, () -> {}, PROFILE_MILLIS, elapsed -> {});
      run.requests = requests(s.stats());
      s.stop();
      // Nothing is corrupted here: a detection would be a false alarm, the worst bug there is.
      for (String line : s.newStderrLines()) {
        if (line.startsWith(DetectionLine.PREFIX)) {
          throw new IllegalStateException(
              "the fault-free profile run reported a detection (a false alarm): " + line);
        }
      }
    }
    if (!Files.isRegularFile(table)) {
      throw new IllegalStateException("the fault-injection agent wrote no profile");
    }
    return ProfiledSite.parse(Files.readAllLines(table, StandardCharsets.UTF_8));
  }

  /** The protected server with the defect in {@code instruction}, under load. */
  private Run defectiveRun(SiteChoice.Instruction instruction, long every) throws IOException {
    Path record = work.resolve("fault-" + instruction.sites().get(0).id() + ".txt");
    Path trigger = work.resolve("onset-" + instruction.sites().get(0).id());
    String options =
        "mode=persistent,out="
            + record
            + ",site="
            + instruction.siteOption()
            + ",type="
            + instruction.faultType()
            + ",every="
            + every
            + ",seed="
            + settings.seed()
            + ",trigger="
            + trigger;
    Run run = new Run();
    say(
        "protected server, %d s of warm-up load, then the core turns faulty under %d s of load:",
        settings.warmup(), settings.seconds());
    try (ServerUnderLoad s = start(Mode.ORTHRUS, agentOption(options), true)) {
      drive(s, run, true, () -> touch(trigger));
      if (run.failStop == null) {
        run.wrongReplies = s.load().wrongReplies();
        run.validated = (long) s.stats().number(ServerStats.VALIDATED).orElse(-1);
        s.stop();
      }
      collect(s, run, Math.max(0, s.loadMillis()));
    }
    run.fired = fired(record);
    return run;
  }

  private Run vanillaRun() throws IOException {
    say(
        "vanilla server (no agent, no Orthrus), %d s of warm-up, then %d s of the same load:",
        settings.warmup(), settings.seconds());
    Run run = new Run();
    try (ServerUnderLoad s = start(Mode.VANILLA, List.of(), false)) {
      drive(s, run, false, () -> {});
      if (run.failStop != null) {
        throw new IllegalStateException("the vanilla server stopped answering: " + run.failStop);
      }
      s.stop();
    }
    return run;
  }

  /**
   * Runs the warm-up load, then {@code onset}, then the load for the demo's seconds, with a
   * progress line a second ({@code defective}: with the detections as they arrive). A server that
   * stops answering ends the run: {@code failStop} says how.
   */
  private void drive(ServerUnderLoad s, Run run, boolean defective, Runnable onset)
      throws IOException {
    long[] nextTick = {1000};
    try {
      run.opsPerSec =
          s.drive(
                  settings.warmup() * 1000L,
                  onset,
                  settings.seconds() * 1000L,
                  elapsed -> {
                    if (defective) {
                      collect(s, run, elapsed);
                    }
                    if (elapsed >= nextTick[0]) {
                      nextTick[0] += 1000;
                      tick(s, run, elapsed, defective);
                    }
                  })
              .opsPerSec();
    } catch (FailStop e) {
      run.failStop = e.getMessage();
    } catch (ReplyException e) {
      run.failStop = "the load failed: " + e.getMessage();
    }
  }

  /**
   * A progress line. A server whose {@code stats} do not come, or that served no request for
   * {@value #STALLED_TICKS} seconds (replies so garbled that the clients lost track of them), has
   * stopped: {@link FailStop}.
   */
  private void tick(ServerUnderLoad s, Run run, long elapsed, boolean defective) {
    ServerStats stats;
    try {
      stats = s.stats(STATS_PATIENCE_MILLIS);
    } catch (IOException | ReplyException e) {
      throw new FailStop(
          String.format(
              Locale.ROOT, "stopped answering at %.1f s: %s", elapsed / 1000.0, e.getMessage()));
    }
    long requests = requests(stats);
    run.stalledTicks = requests == run.requests ? run.stalledTicks + 1 : 0;
    run.requests = requests;
    if (run.stalledTicks >= STALLED_TICKS) {
      throw new FailStop(
          String.format(
              Locale.ROOT,
              "served no request from %.1f s to %.1f s: its replies lost the clients",
              (elapsed - STALLED_TICKS * 1000) / 1000.0,
              elapsed / 1000.0));
    }
    if (defective) {
      say(
          "  %3d s  requests %,d  validated %,d  detections %,d",
          elapsed / 1000,
          run.requests,
          (long) stats.number(ServerStats.VALIDATED).orElse(0),
          run.detections.size());
    } else {
      say("  %3d s  requests %,d", elapsed / 1000, run.requests);
    }
  }

  /** Reads the server's new stderr lines; detections are kept, the first few printed. */
  private void collect(ServerUnderLoad s, Run run, long elapsed) {
    for (String line : s.newStderrLines()) {
      if (!line.startsWith(DetectionLine.PREFIX) && !line.isBlank() && run.serverLines++ < 3) {
        say("  server: %s", line);
      }
      DetectionLine.parse(line)
          .ifPresent(
              d -> {
                if (elapsed < 0) {
                  // Before the onset nothing is corrupted: a detection is a false alarm.
                  throw new IllegalStateException(
                      "a detection before the defect's onset (a false alarm): " + line);
                }
                run.detections.add(d);
                if (run.firstDetectionMillis < 0 && elapsed >= 0) {
                  run.firstDetectionMillis = elapsed;
                }
                if (run.shown.size() < SHOWN) {
                  String text = DemoReport.describe(d, callers);
                  run.shown.add(text);
                  say("  DETECTED at %.2f s: %s", elapsed / 1000.0, text);
                  if (run.shown.size() == SHOWN) {
                    say("  (further detections are counted in the progress lines)");
                  }
                }
              });
    }
  }

  /** Creates {@code file}: the agent arms the defect when it appears. */
  private static void touch(Path file) {
    try {
      Files.createFile(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the defect's trigger " + file, e);
    }
  }

  private static long requests(ServerStats stats) {
    return (long) (stats.number("cmd_get").orElse(0) + stats.number("cmd_set").orElse(0));
  }

  private ServerUnderLoad start(Mode mode, List<String> agentOptions, boolean defective)
      throws IOException {
    List<String> jvm = new ArrayList<>();
    if (mode == Mode.ORTHRUS) {
      jvm.add("-Dorthrus.pin=" + placement.pinned());
      // The load generator shares the validators' CPU: a validator spinning when idle would take
      // it from the load (as in the kvcache benchmark with --load-cpu spare).
      jvm.add("-Dorthrus.spinOnOwnCpu=false");
      jvm.addAll(agentOptions);
    }
    List<String> command =
        KvcacheBenchmark.onCpu(
            placement.serverCpu(),
            KvcacheBenchmark.serverJvm(
                mode,
                1,
                MEMORY_MB,
                jvm,
                builds.classPath(mode.protectedBuild()),
                placement.cpus()));
    // Only the faulty core's replies may be wrong; any other wrong reply fails the run.
    return ServerUnderLoad.start(mode, command, workload, placement.clientCpu(), defective);
  }

  private List<String> agentOption(String options) {
    return List.of(
        "-javaagent:"
            + agent
            + "=classes="
            + builds.protectedClasses()
            + ",thread="
            + DemoCommand.WORKER_THREAD
            + ","
            + options);
  }

  /** The corruptions the agent made, from its exit line {@code executions=N fired=K}; -1: none. */
  static long fired(Path record) throws IOException {
    if (!Files.isRegularFile(record)) {
      return -1;
    }
    for (String line : Files.readAllLines(record, StandardCharsets.UTF_8)) {
      if (line.startsWith("executions=") && line.contains(" fired=")) {
        return Long.parseLong(line.substring(line.indexOf(" fired=") + 7).trim());
      }
    }
    return -1;
  }

  private void say(String format, Object... args) {
    progress.println(String.format(Locale.ROOT, format, args));
    progress.flush();
  }

  /** The server stopped answering: the run ends there. */
  private static final class FailStop extends RuntimeException {
    private static final long serialVersionUID = 1L;

    FailStop(String message) {
      super(message);
    }
  }

  /** The chosen unit has no instruction under the demo's load: bad input, exit 3. */
  static final class NoInstructionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NoInstructionException(String message) {
      super(message);
    }
  }
}
