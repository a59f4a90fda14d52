package dev.orthrus.cli.inject;

import dev.orthrus.cli.sample.SampleBuilds;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

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
      Double validationBudget,
      CampaignPlan.Pick pick,
      int jobs) {

    /** Whether sampling lets a closure's plain variant run, so that an instruction is two sites. */
    boolean sampled() {
      return !sampling.equals("all");
    }

    /** {@code sampling adaptive, validation budget 0.25 (emulated)}. */
    String describeSampling() {
      return "sampling "
          + sampling
          + (validationBudget == null
              ? ""
              : ", validation budget " + validationBudget + " (emulated)");
    }
  }

  /**
   * What every injected run is judged against: the oracle's result, the profile of the fault-free
   * run, the workload's arguments and the hang timeout.
   */
  record Baseline(
      ChildJvm.Result oracle, List<ProfiledSite> profile, List<String> args, long timeoutMillis) {}

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
    Baseline baseline = baseline();
    List<PlannedRun> planned =
        CampaignPlan.plan(
            baseline.profile(),
            settings.runs(),
            settings.seed(),
            settings.units(),
            settings.types(),
            settings.paths(),
            settings.sampled(),
            settings.pick());
    List<RunVerdict> verdicts =
        runAll(
            planned,
            run -> inject(run, baseline),
            v -> v.outcome() == null ? "NOT_REACHED" : v.outcome().name());
    progress.println();
    progress.flush();
    return new CampaignReport(
        settings,
        baseline.profile(),
        verdicts,
        (System.nanoTime() - start) / 1_000_000,
        baseline.timeoutMillis());
  }

  /**
   * The oracle, the fault-free protected run and the profile run; {@link FalseAlarm} when either
   * protected run was not clean.
   */
  Baseline baseline() {
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

    return new Baseline(oracle, profile, args, timeout);
  }

  /** One child run of a planned task, in the campaign's pool of {@code --jobs}. */
  interface ChildTask<T, R> {
    R run(T task) throws IOException;
  }

  /**
   * Runs {@code tasks} in {@code --jobs} child JVMs at once, with a progress line counting the
   * results by {@code label}; the results in the tasks' order.
   */
  <T, R> List<R> runAll(List<T> tasks, ChildTask<T, R> child, Function<R, String> label) {
    ExecutorService pool = Executors.newFixedThreadPool(settings.jobs());
    try {
      List<Future<R>> futures = new ArrayList<>();
      for (T task : tasks) {
        futures.add(pool.submit(() -> child.run(task)));
      }
      List<R> results = new ArrayList<>();
      Map<String, Integer> counts = new TreeMap<>();
      for (Future<R> f : futures) {
        R r = f.get();
        results.add(r);
        counts.merge(label.apply(r), 1, Integer::sum);
        progress.print(
            "\rinject "
                + settings.sample()
                + ": "
                + results.size()
                + "/"
                + tasks.size()
                + " runs "
                + counts);
        progress.flush();
      }
      return results;
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

  private RunVerdict inject(PlannedRun run, Baseline baseline) throws IOException {
    Path record = work.resolve("run-" + run.number() + ".fault");
    String options =
        "mode=single,out="
            + record
            + ",site="
            + SiteGroups.siteOption(run.sites())
            + ",type="
            + run.faultType()
            + ",occurrence="
            + run.occurrence()
            + ",seed="
            + run.faultSeed();
    ChildJvm.Result r = runArmed("run-" + run.number(), options, List.of(), baseline);
    List<String> agentLines =
        Files.exists(record) ? Files.readAllLines(record, StandardCharsets.UTF_8) : List.of();
    String fired = agentLines.stream().filter(l -> l.startsWith("fired")).findFirst().orElse("");
    boolean completed = r.exitCode() == 0 && !r.timedOut();
    boolean changed = completed && !r.out().equals(baseline.oracle().out());
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
    if (!settings.sampling().equals("default")) {
      options.add("-Dorthrus.sampling=" + settings.sampling());
    }
    if (settings.validationBudget() != null) {
      options.add("-Dorthrus.validationBudget=" + settings.validationBudget());
      // Only validation may limit the rate, not the application-side overhead budget.
      options.add("-Dorthrus.budget=1.0");
    }
    options.add("-Dorthrus.validators=" + settings.validators());
    options.add("-Dorthrus.maxValidators=" + settings.validators());
    options.add("-Dorthrus.reproducers=none");
    return options;
  }

  /**
   * The protected build in a child JVM, with the agent armed by {@code agentOptions} and the
   * campaign's runtime options, then {@code jvmOptions}.
   */
  ChildJvm.Result runArmed(
      String name, String agentOptions, List<String> jvmOptions, Baseline baseline) {
    List<String> options = new ArrayList<>(agent(agentOptions));
    options.addAll(jvmOptions);
    return ChildJvm.run(
        work,
        name,
        options,
        builds.classPath(true),
        workload.mainClass(),
        baseline.args(),
        baseline.timeoutMillis());
  }

  /** Where the children's files go. */
  Path work() {
    return work;
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
