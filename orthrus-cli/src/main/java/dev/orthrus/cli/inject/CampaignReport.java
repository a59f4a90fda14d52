package dev.orthrus.cli.inject;

import dev.orthrus.model.json.JsonWriter;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A campaign's verdicts summed up: rows per (unit, fault type, path), coverage per unit, misses.
 */
final class CampaignReport {

  static final int SCHEMA_VERSION = 1;

  /** Missed cases the text report lists one by one. */
  private static final int MISSED_LISTED = 30;

  /** The counts of one (unit, fault type, path). */
  static final class Row {
    final String unit;
    final String faultType;
    final String path;
    int injected;
    int masked;
    int failStop;
    int detected;
    int notDetected;
    int rbvDetected;

    Row(String unit, String faultType, String path) {
      this.unit = unit;
      this.faultType = faultType;
      this.path = path;
    }
  }

  /** A corruption Orthrus did not catch, or a run whose fault never fired, and why. */
  record Missed(String site, String unit, String type, String path, String why) {}

  private final Campaign.Settings settings;
  private final List<RunVerdict> verdicts;
  private final List<Row> rows = new ArrayList<>();
  private final List<Missed> missed = new ArrayList<>();
  private final long millis;
  private final long timeoutMillis;
  private final int executedSites;

  CampaignReport(
      Campaign.Settings settings,
      List<ProfiledSite> profile,
      List<RunVerdict> verdicts,
      long millis,
      long timeoutMillis) {
    this.settings = settings;
    this.verdicts = List.copyOf(verdicts);
    this.millis = millis;
    this.timeoutMillis = timeoutMillis;
    this.executedSites = (int) profile.stream().filter(s -> s.executions() > 0).count();
    Map<String, Row> byKey = new TreeMap<>();
    for (RunVerdict v : verdicts) {
      ProfiledSite site = v.run().site();
      if (v.outcome() == null) {
        missed.add(
            new Missed(
                site.label(),
                site.unit(),
                v.run().faultType(),
                site.path(),
                "not reached: the site ran fewer times than in the profile"));
        continue;
      }
      Row row =
          byKey.computeIfAbsent(
              site.unit() + "/" + site.path() + "/" + v.run().faultType(),
              k -> new Row(site.unit(), v.run().faultType(), site.path()));
      row.injected++;
      switch (v.outcome()) {
        case DETECTED -> row.detected++;
        case NOT_DETECTED -> {
          row.notDetected++;
          missed.add(
              new Missed(site.label(), site.unit(), v.run().faultType(), site.path(), why(site)));
        }
        case MASKED -> row.masked++;
        case FAIL_STOP -> row.failStop++;
      }
      if (v.outputChanged()) {
        row.rbvDetected++;
      }
    }
    rows.addAll(byKey.values());
  }

  /** Why a corruption that changed the output was not detected, from where it was injected. */
  private String why(ProfiledSite site) {
    if (site.path().equals("control")) {
      return "control path";
    }
    if (site.label().contains(".lvValue:")) {
      // A handle's generated slot accessor, which ClosureLog.loadSlot calls to record a load.
      return "in the load itself: the log recorded the corrupted value and VAL replayed it";
    }
    if (settings.sampled()) {
      return "not sampled (" + settings.describeSampling() + ")";
    }
    return "validated and agreed: the corrupted value reached the output by a way the closure's"
        + " comparison does not cover";
  }

  /** Coverage of each unit: detected / (detected + not detected), null when nothing counted. */
  Map<String, Double> coverage() {
    Map<String, int[]> sums = new LinkedHashMap<>();
    for (Row r : rows) {
      int[] s = sums.computeIfAbsent(r.unit, k -> new int[2]);
      s[0] += r.detected;
      s[1] += r.notDetected;
    }
    Map<String, Double> coverage = new LinkedHashMap<>();
    sums.forEach(
        (unit, s) -> coverage.put(unit, s[0] + s[1] == 0 ? null : s[0] / (double) (s[0] + s[1])));
    return coverage;
  }

  List<Row> rows() {
    return rows;
  }

  List<Missed> missed() {
    return missed;
  }

  /** Injected runs whose detection came with an output equal to the oracle's. */
  long detectedWithOutputUnchanged() {
    return verdicts.stream()
        .filter(v -> v.outcome() == Outcome.DETECTED && !v.outputChanged())
        .count();
  }

  /**
   * Opens a report's JSON object with the fields every report of {@code orthrus inject} starts
   * with: {@code schemaVersion}, {@code sample}, {@code sampling}, {@code validationBudget} (null
   * without one).
   */
  static JsonWriter beginJson(Campaign.Settings settings, Appendable out) {
    JsonWriter json =
        new JsonWriter(out)
            .beginObject()
            .field("schemaVersion", SCHEMA_VERSION)
            .field("sample", settings.sample())
            .field("sampling", settings.sampling());
    json.name("validationBudget");
    return settings.validationBudget() == null
        ? json.nullValue()
        : json.value(settings.validationBudget());
  }

  void writeJson(Appendable out) {
    JsonWriter json = beginJson(settings, out).field("pick", settings.pick().label());
    json.name("rows").beginArray();
    for (Row r : rows) {
      json.beginObject()
          .field("unit", r.unit)
          .field("faultType", r.faultType)
          .field("path", r.path)
          .field("injected", r.injected)
          .field("masked", r.masked)
          .field("failStop", r.failStop)
          .field("detected", r.detected)
          .field("notDetected", r.notDetected)
          .field("rbvDetected", r.rbvDetected)
          .endObject();
    }
    json.endArray();
    json.name("coverage").beginObject();
    coverage()
        .forEach(
            (unit, c) -> {
              json.name(unit);
              if (c == null) {
                json.nullValue();
              } else {
                json.value(c);
              }
            });
    json.endObject();
    json.name("missed").beginArray();
    for (Missed m : missed) {
      json.beginObject()
          .field("site", m.site())
          .field("unit", m.unit())
          .field("type", m.type())
          .field("path", m.path())
          .field("why", m.why())
          .endObject();
    }
    json.endArray().endObject().finish();
  }

  void writeText(PrintWriter out) {
    out.printf(
        Locale.ROOT,
        "inject %s: %d runs, seed %d, %d operations, %s, %d validator(s),"
            + " path %s, faults drawn among %s; %d sites ran under the workload;"
            + " %.1f s (hang timeout %d s)%n",
        settings.sample(),
        verdicts.size(),
        settings.seed(),
        settings.ops(),
        settings.describeSampling(),
        settings.validators(),
        String.join("+", settings.paths()),
        settings.pick().label(),
        executedSites,
        millis / 1000.0,
        timeoutMillis / 1000);
    if (settings.validationBudget() != null) {
      out.println(
          "the validation budget is emulated: validators may spend "
              + settings.validationBudget()
              + " times the application threads' CPU time validating (thread CPU clocks), and the"
              + " overhead budget is 1.0, so that only validation limits the sampling rate");
    }
    out.printf(
        Locale.ROOT,
        "%-7s %-9s %-8s %8s %7s %9s %9s %12s %4s%n",
        "unit",
        "fault",
        "path",
        "injected",
        "masked",
        "failStop",
        "detected",
        "notDetected",
        "rbv");
    for (Row r : rows) {
      out.printf(
          Locale.ROOT,
          "%-7s %-9s %-8s %8d %7d %9d %9d %12d %4d%n",
          r.unit,
          r.faultType,
          r.path,
          r.injected,
          r.masked,
          r.failStop,
          r.detected,
          r.notDetected,
          r.rbvDetected);
    }
    coverage()
        .forEach(
            (unit, c) ->
                out.printf(
                    Locale.ROOT,
                    "coverage %-7s %s%n",
                    unit,
                    c == null
                        ? "n/a (no corruption changed the output)"
                        : String.format(Locale.ROOT, "%.1f%%", 100 * c)));
    out.println(
        "detected with the output unchanged (counted as detected): "
            + detectedWithOutputUnchanged());
    Map<String, Integer> byWhy = new TreeMap<>();
    missed.forEach(m -> byWhy.merge(m.why(), 1, Integer::sum));
    byWhy.forEach((why, n) -> out.println("missed " + n + ": " + why));
    missed.stream()
        .limit(MISSED_LISTED)
        .forEach(m -> out.println("  " + m.unit() + " " + m.type() + " at " + m.site()));
    if (missed.size() > MISSED_LISTED) {
      out.println("  ... and " + (missed.size() - MISSED_LISTED) + " more (--json lists all)");
    }
    out.flush();
  }
}
