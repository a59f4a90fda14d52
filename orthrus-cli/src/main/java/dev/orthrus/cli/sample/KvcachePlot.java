package dev.orthrus.cli.sample;

import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark.Result;
import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark.Run;
import java.util.List;
import java.util.Locale;

/**
 * The HTML page {@code orthrus bench kvcache --plot} writes: three bar charts in inline SVG
 * (throughput; latency p50, p99, p99.9 on a log scale; server CPU per request, application and
 * validators stacked), by mode, with the figures printed on the bars. No script, no external
 * resource.
 */
final class KvcachePlot {

  private static final String[] COLORS = {"#4472c4", "#ed7d31", "#a5a5a5", "#70ad47"};
  private static final int WIDTH = 640;
  private static final int BAR_AREA = 220;

  private KvcachePlot() {}

  static String html(Result r) {
    List<BenchKvcacheCommand.ModeFigures> modes =
        BenchKvcacheCommand.byMode(r).stream()
            .filter(f -> f.median().throughputOpsPerSec() > 0)
            .toList();
    StringBuilder page = new StringBuilder();
    page.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">")
        .append("<title>orthrus bench kvcache</title>")
        .append("<style>body{font-family:sans-serif;margin:2em}svg{display:block;margin:1em 0}")
        .append("text{font-size:12px}</style></head><body>\n")
        .append("<h1>kvcache benchmark</h1>\n<p>")
        .append(
            escape(
                String.format(
                    Locale.ROOT,
                    "Medians of %d repetitions over %s, sampling %s; %d connections x %d pipelined"
                        + " requests, %d%% gets, Zipf %.2f over %d keys. Load generator: %s.",
                    r.options().repetitions(),
                    BenchKvcacheCommand.transport(r),
                    r.options().sampleAll() ? "all" : "default",
                    r.options().workload().connections(),
                    r.options().workload().pipelineDepth(),
                    r.options().workload().getPercent(),
                    r.options().workload().zipfExponent(),
                    r.options().workload().keys(),
                    r.loadGeneratorPlacement())))
        .append("</p>\n");
    chart(
        page,
        "Throughput (requests/s)",
        modes,
        new String[] {"ops/s"},
        f -> new double[] {f.throughputOpsPerSec()},
        Scale.LINEAR);
    chart(
        page,
        "Latency (us, log scale)",
        modes,
        new String[] {"p50", "p99", "p99.9"},
        f -> new double[] {f.latencyP50Us(), f.latencyP99Us(), f.latencyP999Us()},
        Scale.LOG);
    chart(
        page,
        "Server CPU per request (ns)",
        modes,
        new String[] {"application", "validators / replica"},
        f -> new double[] {f.appCpuNanosPerOp(), nonNegative(f.validatorCpuNanosPerOp())},
        Scale.STACKED);
    return page.append("</body></html>\n").toString();
  }

  private interface Figures {
    double[] of(Run median);
  }

  /**
   * How bars are drawn: side by side in proportion, side by side in proportion to the logarithm
   * (latency percentiles span orders of magnitude), or a mode's series stacked.
   */
  private enum Scale {
    LINEAR,
    LOG,
    STACKED
  }

  /** One chart: a group of bars per mode, one bar per series. */
  private static void chart(
      StringBuilder page,
      String title,
      List<BenchKvcacheCommand.ModeFigures> modes,
      String[] series,
      Figures figures,
      Scale scale) {
    boolean stacked = scale == Scale.STACKED;
    double max = 0;
    for (BenchKvcacheCommand.ModeFigures f : modes) {
      double sum = 0;
      for (double v : figures.of(f.median())) {
        double x = finite(v);
        max = Math.max(max, x);
        sum += x;
      }
      if (stacked) {
        max = Math.max(max, sum);
      }
    }
    if (max <= 0) {
      max = 1;
    }
    int height = BAR_AREA + 70;
    int group = modes.isEmpty() ? WIDTH : (WIDTH - 40) / modes.size();
    int bar = stacked ? group / 2 : Math.max(8, (group - 20) / series.length);
    page.append("<h2>")
        .append(escape(title))
        .append("</h2>\n")
        .append(
            String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" role=\"img\">%n",
                WIDTH,
                height));
    for (int m = 0; m < modes.size(); m++) {
      double[] values = figures.of(modes.get(m).median());
      int x0 = 30 + m * group;
      double base = 0;
      for (int s = 0; s < values.length; s++) {
        double v = finite(values[s]);
        double share = scale == Scale.LOG ? Math.log1p(v) / Math.log1p(max) : v / max;
        int h = (int) Math.round(share * BAR_AREA);
        int x = stacked ? x0 + group / 4 : x0 + 10 + s * bar;
        int y = 20 + BAR_AREA - h - (int) Math.round(base / max * BAR_AREA);
        page.append(
            String.format(
                Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"><title>%s %s: %s</title></rect>%n",
                x,
                y,
                bar - 2,
                h,
                COLORS[s % COLORS.length],
                escape(modes.get(m).mode().label()),
                escape(series[s]),
                format(values[s])));
        page.append(
            String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                x + (bar - 2) / 2,
                stacked ? y + 14 : y - 3,
                format(values[s])));
        if (stacked) {
          base += v;
        }
      }
      page.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-weight=\"bold\">%s</text>%n",
              x0 + group / 2,
              40 + BAR_AREA,
              escape(modes.get(m).mode().label())));
    }
    for (int s = 0; s < series.length; s++) {
      int x = 30 + s * 150;
      page.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                  + "<text x=\"%d\" y=\"%d\">%s</text>%n",
              x,
              height - 20,
              COLORS[s % COLORS.length],
              x + 16,
              height - 10,
              escape(series[s])));
    }
    page.append("</svg>\n");
  }

  private static double finite(double v) {
    return Double.isFinite(v) ? v : 0;
  }

  private static double nonNegative(double v) {
    return Double.isFinite(v) ? Math.max(0, v) : 0;
  }

  private static String format(double v) {
    if (!Double.isFinite(v)) {
      return "n/a";
    }
    return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
