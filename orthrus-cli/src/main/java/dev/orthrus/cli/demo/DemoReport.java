package dev.orthrus.cli.demo;

import dev.orthrus.cli.runtime.JsonOutput;
import dev.orthrus.model.json.JsonWriter;
import dev.orthrus.runtime.report.CallerNames;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;

/** The demo's detections and summary, as text for a person or as one JSON object. */
final class DemoReport {

  static final int SCHEMA_VERSION = 1;

  /** Longest expected or actual value shown in a detection line (values may be whole items). */
  static final int VALUE_CHARS = 60;

  private DemoReport() {}

  /**
   * One detection in a line: closure, caller, thread, CPU, what differed, expected against actual,
   * and the reproducer's path (relative to the working folder when it is under it).
   */
  static String describe(DetectionLine d, CallerNames callers) {
    return "closure "
        + d.closureName()
        + ", caller "
        + callers.name(d.callerId())
        + ", thread "
        + d.thread()
        + ", CPU "
        + d.cpu()
        + (d.validatorCpu() >= 0 ? " (validator CPU " + d.validatorCpu() + ")" : "")
        + ": "
        + d.kind()
        + " "
        + d.detail()
        + ": expected "
        + shorten(d.expected())
        + ", actual "
        + shorten(d.actual())
        + (d.reproducer() == null ? "" : "; reproducer " + relative(d.reproducer()))
        + (d.reproducerProblem() == null ? "" : "; no reproducer: " + d.reproducerProblem());
  }

  static void writeText(DemoResult r, PrintWriter out) {
    SiteChoice.Instruction i = r.instruction();
    out.println();
    out.println(
        "summary (a faulty-core demo, not the benchmark: docs/kvcache-benchmark.md measures cost)");
    for (String failStop : r.failStops()) {
      out.println("  fail-stop           " + failStop + " (before any detection)");
    }
    out.printf(
        Locale.ROOT,
        "  faulty instruction  %s, %s on every %d-th execution%s%n",
        i.description(),
        i.faultType(),
        r.every(),
        r.fired() >= 0 ? String.format(Locale.ROOT, "; %,d corruptions", r.fired()) : "");
    out.printf(
        Locale.ROOT,
        "  first detection     %s%n",
        r.detected()
            ? String.format(
                Locale.ROOT, "%.2f s after the load started", r.timeToFirstDetectionMillis() / 1e3)
            : "none in " + r.seconds() + " s");
    out.printf(
        Locale.ROOT,
        "  detections          %,d (executions validated: %s)%n",
        r.detections(),
        r.validated() >= 0 ? String.format(Locale.ROOT, "%,d", r.validated()) : "not reported");
    out.printf(
        Locale.ROOT,
        "  wrong replies       %,d seen by the clients (Orthrus reports a corruption; it does not"
            + " undo it)%n",
        r.wrongReplies());
    if (r.failStop() != null) {
      out.println("  fail-stop           the server " + r.failStop());
    }
    if (Double.isNaN(r.orthrusOpsPerSec())) {
      out.printf(
          Locale.ROOT,
          "  throughput          vanilla %,.0f requests/s; with the faulty core not measured (the"
              + " server stopped)%n",
          r.vanillaOpsPerSec());
    } else {
      out.printf(
          Locale.ROOT,
          "  throughput          with the faulty core and Orthrus %,.0f requests/s, vanilla %,.0f"
              + " requests/s, ratio %.2f%n",
          r.orthrusOpsPerSec(),
          r.vanillaOpsPerSec(),
          r.orthrusOpsPerSec() / r.vanillaOpsPerSec());
    }
    if (r.replay() != null) {
      out.printf(
          Locale.ROOT,
          "  replay              %s: %s%n",
          relative(r.replay().file().toString()),
          r.replay().words());
    } else if (r.detected()) {
      out.println(
          "  replay              no detection left a reproducer"
              + (r.reproducerProblem() == null
                  ? " (control-path checks write none)"
                  : ": " + r.reproducerProblem()));
    }
    out.println(
        r.detected()
            ? "DETECTED: Orthrus caught the faulty core."
            : "NOT DETECTED: the faulty core went unnoticed for "
                + r.seconds()
                + " s; try another --seed or a smaller --every.");
  }

  static void writeJson(DemoResult r, PrintWriter out) {
    SiteChoice.Instruction i = r.instruction();
    JsonWriter w = JsonOutput.object(out, SCHEMA_VERSION);
    w.field("seed", r.seed());
    w.name("site")
        .beginObject()
        .field("label", i.label())
        .field("unit", i.unit())
        .field("path", "data")
        .field("sites", i.sites().size())
        .endObject();
    w.field("faultType", i.faultType());
    w.field("every", r.every());
    w.field("seconds", r.seconds());
    w.name("failStops").beginArray();
    r.failStops().forEach(w::value);
    w.endArray();
    w.name("failStop");
    if (r.failStop() == null) {
      w.nullValue();
    } else {
      w.value(r.failStop());
    }
    w.name("timeToFirstDetectionMs");
    if (r.detected()) {
      w.value(r.timeToFirstDetectionMillis());
    } else {
      w.nullValue();
    }
    w.field("detections", r.detections());
    w.field("validated", r.validated());
    w.field("corruptions", r.fired());
    w.field("wrongReplies", r.wrongReplies());
    JsonOutput.number(w, "orthrusOpsPerSec", r.orthrusOpsPerSec());
    JsonOutput.number(w, "vanillaOpsPerSec", r.vanillaOpsPerSec());
    w.name("replay");
    if (r.replay() == null) {
      w.nullValue();
    } else {
      w.beginObject()
          .field("file", relative(r.replay().file().toString()))
          .field("verdict", r.replay().outcome())
          .endObject();
    }
    w.endObject().finish();
  }

  /** {@code path} relative to the working folder when it lies under it, else as it is. */
  static String relative(String path) {
    Path p = Path.of(path).toAbsolutePath().normalize();
    Path here = Path.of("").toAbsolutePath();
    return p.startsWith(here) ? here.relativize(p).toString() : path;
  }

  private static String shorten(String value) {
    return value.length() <= VALUE_CHARS ? value : value.substring(0, VALUE_CHARS - 3) + "...";
  }
}
