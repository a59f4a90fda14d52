package dev.orthrus.cli.inject;

import dev.orthrus.cli.sample.SampleBuilds;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A fault-injection campaign on one sample: the oracle (the vanilla build, fault-free), a
 * fault-free protected run that must agree with it and detect nothing, the profile, then the
 * injected runs in parallel child JVMs, each judged against the oracle.
 */
final class Campaign {

  /** What the user asked for. */
  record Settings(
      String sample,
      int runs,
      long seed,
      int ops,
      Set<String> units,
      Set<String> types,
      Set<String> paths,
      int validators,
      String sampling,
      int jobs) {}

  /** The fault-free protected run disagreed with the oracle: the campaign stops (decision 0034). */
  static final class FalseAlarm extends RuntimeException {
    private static final long serialVersionUID = 1L;

    FalseAlarm(String message) {
      super(message);
    }
  }

  private final Settings settings;
  private final SampleBuilds builds;
  private final SampleWorkload workload;
  private final Path agentJar;
  private final Path work;
  private final PrintWriter progress;

  Campaign(Settings settings, SampleBuilds builds, Path agentJar, Path work, PrintWriter progress) {
    this.settings = settings;
    this.builds = builds;
    this.workload = SampleWorkload.of(builds);
    this.agentJar = copyInto(work, agentJar);
    this.work = work;
    this.progress = progress;
  }

  /** Runs the campaign; {@link FalseAlarm} when the fault-free protected run was not clean. */
  CampaignReport run() {
    long start = System.nanoTime();
    List<String> args = workload.args(settings.seed(), settings.ops());
    progress.println(
        "inject "
            + settings.sample()
            + ": oracle (vanilla build), seed "
            + settings.seed()
            + ", "
            + settings.ops()
            + " operations");
    progress.flush();
    ChildJvm.Result oracle =
        ChildJvm.run(
            work,
            "oracle",
            List.of(),
            builds.classPath(false),
            workload.mainClass(),
            args,
            600_000);
    if (oracle.exitCode() != 0) {
      throw new IllegalStateException(
          "the vanilla build failed (exit " + oracle.exitCode() + "): " + oracle.err());
    }
    ChildJvm.Result clean =
        ChildJvm.run(
            work,
            "clean",
            runtimeOptions(),
            builds.classPath(true),
            workload.mainClass(),
            args,
            600_000);
    checkClean("the fault-free protected run", clean, oracle);
    long timeout = Math.max(20_000, 10 * Math.max(oracle.millis(), clean.millis()));

    Path profileFile = work.resolve("profile.tsv");
    ChildJvm.Result profiled =
        ChildJvm.run(
            work,
            "profile",
            agent("mode=profile,out=" + profileFile),
            builds.classPath(true),
            workload.mainClass(),
            args,
            600_000);
    checkClean("the profile run (agent counting, nothing corrupted)", profiled, oracle);
    List<ProfiledSite> profile;
    try {
      profile = ProfiledSite.parse(Files.readAllLines(profileFile, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("the agent wrote no profile: " + profiled.err(), e);
    }

    List<PlannedRun> planned =
        CampaignPlan.plan(
            profile,
            settings.runs(),
            settings.seed(),
            settings.units(),
            settings.types(),
            settings.paths());
    List<RunVerdict> verdicts = runAll(planned, oracle, args, timeout);
    progress.println();
    progress.flush();
    return new CampaignReport(
        settings, profile, verdicts, (System.nanoTime() - start) / 1_000_000, timeout);
  }

  private List<RunVerdict> runAll(
      List<PlannedRun> planned, ChildJvm.Result oracle, List<String> args, long timeout) {
    ExecutorService pool = Executors.newFixedThreadPool(settings.jobs());
    try {
      List<Future<RunVerdict>> futures = new ArrayList<>();
      for (PlannedRun run : planned) {
        futures.add(pool.submit(() -> inject(run, oracle, args, timeout)));
      }
      List<RunVerdict> verdicts = new ArrayList<>();
      Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
      for (Future<RunVerdict> f : futures) {
        RunVerdict v = f.get();
        verdicts.add(v);
        if (v.outcome() != null) {
          counts.merge(v.outcome(), 1, Integer::sum);
        }
        progress.print(
            "\rinject "
                + settings.sample()
                + ": "
                + verdicts.size()
                + "/"
                + planned.size()
                + " runs "
                + counts);
        progress.flush();
      }
      return verdicts;
    } catch (ExecutionException e) {
      throw new IllegalStateException(
          "an injected run could not be run: " + e.getCause().getMessage(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } finally {
      pool.shutdownNow();
    }
  }

  private RunVerdict inject(PlannedRun run, ChildJvm.Result oracle, List<String> args, long timeout)
      throws IOException {
    Path record = work.resolve("run-" + run.number() + ".fault");
    String options =
        "mode=single,out="
            + record
            + ",site="
            + run.site().id()
            + ",type="
            + run.faultType()
            + ",occurrence="
            + run.occurrence()
            + ",seed="
            + run.faultSeed();
    ChildJvm.Result r =
        ChildJvm.run(
            work,
            "run-" + run.number(),
            agent(options),
            builds.classPath(true),
            workload.mainClass(),
            args,
            timeout);
    List<String> agentLines =
        Files.exists(record) ? Files.readAllLines(record, StandardCharsets.UTF_8) : List.of();
    String fired = agentLines.stream().filter(l -> l.startsWith("fired")).findFirst().orElse("");
    boolean completed = r.exitCode() == 0 && !r.timedOut();
    boolean changed = completed && !r.out().equals(oracle.out());
    if (fired.isEmpty() && !r.timedOut()) {
      if (agentLines.stream().noneMatch(l -> l.startsWith("executions="))) {
        // The agent never ran (its exit line is missing too): no verdict is possible.
        throw new IllegalStateException(
            "the agent did not run in injected run " + run.number() + ": " + lastLine(r.err()));
      }
      return new RunVerdict(run, null, changed);
    }
    Outcome outcome = Outcome.of(r.detected(), completed, changed);
    deleteQuietly(work.resolve("run-" + run.number() + ".out"));
    deleteQuietly(work.resolve("run-" + run.number() + ".err"));
    return new RunVerdict(run, outcome, changed);
  }

  private void checkClean(String what, ChildJvm.Result run, ChildJvm.Result oracle) {
    if (run.detected()) {
      throw new FalseAlarm(
          what
              + " reported a detection with no fault injected (a false alarm):\n"
              + String.join("\n", run.detections()));
    }
    if (run.exitCode() != 0) {
      throw new FalseAlarm(what + " failed (exit " + run.exitCode() + "):\n" + run.err());
    }
    if (!run.out().equals(oracle.out())) {
      throw new FalseAlarm(
          what
              + " printed another output than the vanilla build:\n"
              + lastLine(run.out())
              + "\nagainst\n"
              + lastLine(oracle.out()));
    }
  }

  private List<String> runtimeOptions() {
    List<String> options = new ArrayList<>();
    if (settings.sampling().equals("all")) {
      options.add("-Dorthrus.sampling=all");
    }
    options.add("-Dorthrus.validators=" + settings.validators());
    options.add("-Dorthrus.maxValidators=" + settings.validators());
    options.add("-Dorthrus.reproducers=none");
    return options;
  }

  private List<String> agent(String options) {
    List<String> jvm = new ArrayList<>(runtimeOptions());
    jvm.add("-javaagent:" + agentJar + "=classes=" + builds.protectedClasses() + "," + options);
    return jvm;
  }

  /** A copy of the agent, so that a rebuild of the project during the campaign cannot touch it. */
  private static Path copyInto(Path work, Path agentJar) {
    try {
      return Files.copy(agentJar, work.resolve("orthrus-inject.jar"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot copy the agent " + agentJar + " to " + work, e);
    }
  }

  private static String lastLine(String text) {
    List<String> lines = text.lines().filter(l -> !l.isBlank()).toList();
    return lines.isEmpty() ? "(nothing)" : lines.get(lines.size() - 1);
  }

  private static void deleteQuietly(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      // a leftover file in the campaign's temporary folder, removed with it
    }
  }
}
