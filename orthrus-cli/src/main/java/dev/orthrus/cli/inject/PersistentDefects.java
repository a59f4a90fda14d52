package dev.orthrus.cli.inject;

import dev.orthrus.model.json.JsonWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;

/**
 * The persistent-defect model under a campaign's sampling and validation budget (issue 12, item 3):
 * each run gives one instruction of the data path a defect that flips a bit of every {@code
 * every}-th result from its {@code onset} on, and the runtime halts at its first detection ({@code
 * -Dorthrus.policy=fail-stop}); the agent notes how many executions and corruptions of the
 * instruction came before it, and the time since the first corruption.
 *
 * <p>The defect appears halfway through the instruction's executions in the profile, not at the
 * start: a core turns bad while the service runs, with the validators warm and the sampling rate
 * where the controller keeps it. A defect present from the start would be met by a runtime that
 * still validates every execution (the rate starts at 100%) and measure the start-up, not the
 * service.
 *
 * <p>Which instruction: one of the data path's instructions of the chosen units that compute a
 * value (the demo's candidates: no conditional branch, no accessor) and ran at least {@value
 * #MIN_EXECUTIONS} times in the profile, drawn uniformly from the run's seed (a defect sits in one
 * unit's circuit whatever code runs through it, so an instruction is not weighted by how often it
 * runs); {@code every} makes about {@value #CORRUPTIONS_PER_RUN} corruptions from the onset to the
 * workload's end.
 */
final class PersistentDefects {

  static final int CORRUPTIONS_PER_RUN = 50;
  static final long MIN_EXECUTIONS = 100;
  static final String FAULT_TYPE = "bitflip1";

  /**
   * One run's defect: from execution {@code onset} of its instruction on, every n-th is corrupted.
   */
  record Defect(int number, List<ProfiledSite> sites, long onset, long every, long seed) {
    String label() {
      return sites.get(0).label();
    }
  }

  /** How a run ended. */
  enum Outcome {
    DETECTED,
    /** Nothing detected, the workload completed, and its output differed from the oracle's. */
    NOT_DETECTED,
    /** Nothing detected and the oracle's output: no corruption mattered. */
    MASKED,
    /** Nothing detected, and the process failed or hung. */
    FAIL_STOP
  }

  /**
   * One run: its outcome; until the first detection (or over the whole run when there was none) the
   * instruction's executions since the defect's onset and its corruptions; the milliseconds from
   * the first corruption to the detection (-1 without one).
   */
  record Result(Defect defect, Outcome outcome, long executions, long corruptions, double millis) {}

  private PersistentDefects() {}

  /** The runs' defects, from the profile and the seed alone. */
  static List<Defect> plan(List<ProfiledSite> profile, int runs, long seed, Set<String> units) {
    List<ProfiledSite> valueSites =
        profile.stream()
            .filter(s -> s.path().equals("data") && units.contains(s.unit()))
            .filter(s -> s.faults().contains(FAULT_TYPE) && SiteGroups.computesValue(s))
            .toList();
    List<List<ProfiledSite>> candidates =
        SiteGroups.byInstruction(valueSites).stream()
            .filter(g -> executions(g) >= MIN_EXECUTIONS)
            .toList();
    List<Defect> defects = new ArrayList<>();
    if (candidates.isEmpty()) {
      return defects;
    }
    for (int i = 0; i < runs; i++) {
      SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + i);
      List<ProfiledSite> sites = candidates.get(random.nextInt(candidates.size()));
      long total = executions(sites);
      long onset = total / 2 + 1;
      long every = Math.max(1, (total - onset + 1) / CORRUPTIONS_PER_RUN);
      defects.add(new Defect(i, sites, onset, every, random.nextLong()));
    }
    return defects;
  }

  /** Runs every defect of the plan in the campaign's child JVMs. */
  static List<Result> run(Campaign campaign, Campaign.Baseline baseline, List<Defect> defects) {
    return campaign.runAll(defects, d -> runOne(campaign, baseline, d), r -> r.outcome().name());
  }

  private static Result runOne(Campaign campaign, Campaign.Baseline baseline, Defect d)
      throws IOException {
    Path record = campaign.work().resolve("defect-" + d.number() + ".fault");
    String options =
        "mode=persistent,out="
            + record
            + ",site="
            + SiteGroups.siteOption(d.sites())
            + ",type="
            + FAULT_TYPE
            + ",occurrence="
            + d.onset()
            + ",every="
            + d.every()
            + ",seed="
            + d.seed();
    ChildJvm.Result r =
        campaign.runArmed(
            "defect-" + d.number(), options, List.of("-Dorthrus.policy=fail-stop"), baseline);
    List<String> lines =
        Files.exists(record) ? Files.readAllLines(record, StandardCharsets.UTF_8) : List.of();
    boolean completed = r.exitCode() == 0 && !r.timedOut();
    return judge(d, completed, completed && !r.out().equals(baseline.oracle().out()), lines);
  }

  /**
   * A run's result from the agent's record; {@code completed}: exit 0, not hung; {@code changed}:
   * completed with another output than the oracle's.
   */
  static Result judge(Defect d, boolean completed, boolean changed, List<String> agentLines) {
    for (String line : agentLines) {
      if (line.startsWith("detected ")) {
        long nanos = field(line, "nanos");
        return new Result(
            d,
            Outcome.DETECTED,
            sinceOnset(d, field(line, "executions")),
            field(line, "fired"),
            nanos < 0 ? -1 : nanos / 1e6);
      }
    }
    long executions = -1;
    long fired = -1;
    for (String line : agentLines) {
      if (line.startsWith("executions=")) {
        executions = field(line, "executions");
        fired = field(line, "fired");
      }
    }
    Outcome outcome =
        !completed ? Outcome.FAIL_STOP : changed ? Outcome.NOT_DETECTED : Outcome.MASKED;
    return new Result(d, outcome, sinceOnset(d, executions), fired, -1);
  }

  /**
   * The agent counts an armed instruction's executions from the start; the model, from the onset.
   */
  private static long sinceOnset(Defect d, long executions) {
    return executions < 0 ? -1 : Math.max(0, executions - (d.onset() - 1));
  }

  private static long field(String line, String name) {
    for (String part : line.split(" ")) {
      if (part.startsWith(name + "=")) {
        return Long.parseLong(part.substring(name.length() + 1));
      }
    }
    throw new IllegalStateException("the agent's line has no " + name + ": " + line);
  }

  private static long executions(List<ProfiledSite> sites) {
    return sites.stream().mapToLong(ProfiledSite::executions).sum();
  }

  /**
   * The median of {@code value} over the runs whose defect mattered (all but {@link
   * Outcome#MASKED}), a run without a detection counting as infinite; NaN when fewer than half of
   * them were detected.
   */
  static double median(List<Result> results, ToDoubleFunction<Result> value) {
    double[] v =
        results.stream()
            .filter(r -> r.outcome() != Outcome.MASKED)
            .mapToDouble(r -> r.outcome() == Outcome.DETECTED ? value.applyAsDouble(r) : 1e300)
            .sorted()
            .toArray();
    if (v.length == 0) {
      return Double.NaN;
    }
    double m = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    return m >= 1e300 ? Double.NaN : m;
  }

  static void writeText(Campaign.Settings settings, List<Result> results, PrintWriter out) {
    out.printf(
        Locale.ROOT,
        "inject %s --persistent: %d defects, seed %d, %d operations, %s, %d validator(s);"
            + " bit flip in every n-th result of one data-path instruction from halfway through"
            + " its executions (the onset), fail-stop at the first detection; executions count"
            + " from the onset%n",
        settings.sample(),
        results.size(),
        settings.seed(),
        settings.ops(),
        settings.describeSampling(),
        settings.validators());
    out.printf(
        Locale.ROOT,
        "%-4s %-48s %9s %7s %-12s %11s %11s %10s%n",
        "run",
        "instruction",
        "onset",
        "every",
        "outcome",
        "executions",
        "corruptions",
        "ms");
    for (Result r : results) {
      out.printf(
          Locale.ROOT,
          "%-4d %-48s %9d %7d %-12s %11d %11d %10s%n",
          r.defect().number(),
          r.defect().label(),
          r.defect().onset(),
          r.defect().every(),
          r.outcome(),
          r.executions(),
          r.corruptions(),
          r.millis() < 0 ? "-" : String.format(Locale.ROOT, "%.2f", r.millis()));
    }
    long detected = results.stream().filter(r -> r.outcome() == Outcome.DETECTED).count();
    out.printf(
        Locale.ROOT,
        "detected %d of %d (%d masked); until the first detection, medians over the runs not"
            + " masked (one without a detection counts as infinite): executions %s, corruptions"
            + " %s, time since the first corruption %s%n",
        detected,
        results.size(),
        results.stream().filter(r -> r.outcome() == Outcome.MASKED).count(),
        medianText(median(results, Result::executions), ""),
        medianText(median(results, Result::corruptions), ""),
        medianText(median(results, Result::millis), " ms"));
    out.flush();
  }

  private static String medianText(double m, String unit) {
    return Double.isNaN(m) ? "none (fewer than half detected)" : fmt(m) + unit;
  }

  private static String fmt(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v);
  }

  static void writeJson(Campaign.Settings settings, List<Result> results, Appendable out) {
    JsonWriter json = CampaignReport.beginJson(settings, out).field("model", "persistent");
    json.name("runs").beginArray();
    for (Result r : results) {
      json.beginObject()
          .field("instruction", r.defect().label())
          .field("sites", SiteGroups.siteOption(r.defect().sites()))
          .field("onset", r.defect().onset())
          .field("every", r.defect().every())
          .field("outcome", r.outcome().name())
          .field("executions", r.executions())
          .field("corruptions", r.corruptions());
      json.name("millis");
      if (r.millis() < 0) {
        json.nullValue();
      } else {
        json.value(r.millis());
      }
      json.endObject();
    }
    json.endArray();
    json.name("medians").beginObject();
    for (String name : List.of("executions", "corruptions", "millis")) {
      double m =
          median(
              results,
              name.equals("executions")
                  ? Result::executions
                  : name.equals("corruptions") ? Result::corruptions : Result::millis);
      json.name(name);
      if (Double.isNaN(m)) {
        json.nullValue();
      } else {
        json.value(m);
      }
    }
    json.endObject().endObject().finish();
  }
}
