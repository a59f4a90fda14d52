package dev.orthrus.analysis;

import dev.orthrus.model.Allocation;
import dev.orthrus.model.Diagnostic;
import dev.orthrus.model.EscapeState;
import dev.orthrus.model.NondeterministicCall;
import dev.orthrus.model.Tag;
import dev.orthrus.model.Violation;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** The terminal summary of an analysis ({@code orthrus analyze --format text}). */
public final class AnalysisReportText {

  private AnalysisReportText() {}

  public static String render(AnalysisReport report) {
    StringBuilder out = new StringBuilder();
    AnalysisStats s = report.stats();
    out.append(String.format(Locale.ROOT, "Analyzed %d classes (%d methods) in %.1f s; %d closures, %d user-data types,"
            + " %d missing classes.%n", s.applicationClasses(), s.methodsAnalyzed(),
        (s.loadMillis() + s.analysisMillis()) / 1000.0, report.closures().size(), report.userDataTypes().size(),
        report.missingClasses().size()));
    for (ClosureAnalysis c : report.closures()) {
      Map<EscapeState, Integer> byState = new EnumMap<>(EscapeState.class);
      for (Allocation a : c.allocations()) {
        if (a.escape() != null) {
          byState.merge(a.escape(), 1, Integer::sum);
        }
      }
      out.append('\n').append(c.name()).append("  ").append(c.id()).append('\n');
      out.append("  reaches ").append(c.reachableMethods().size()).append(" methods; tags: ")
          .append(c.tags().isEmpty() ? "none" : c.tags().stream().map(Tag::jsonName).collect(Collectors.joining(", ")))
          .append('\n');
      out.append("  allocations: ").append(c.allocations().size());
      byState.forEach((state, n) -> out.append(", ").append(n).append(' ').append(state));
      out.append('\n');
      for (Allocation a : c.allocations()) {
        if (a.escape() == EscapeState.USER_DATA || a.escape() == EscapeState.GLOBAL) {
          out.append("    ").append(a.escape()).append(' ').append(a.type()).append(" at ")
              .append(a.position().file()).append(':').append(a.position().line()).append('\n');
        }
      }
      for (NondeterministicCall n : c.nondeterministic()) {
        out.append("  ").append(n.category()).append(" (").append(n.handling()).append(") ").append(n.target())
            .append(" at ").append(n.position().file()).append(':').append(n.position().line()).append('\n');
      }
      for (Violation v : c.violations()) {
        out.append("  error [").append(v.key()).append("] ").append(v.message()).append(" at ")
            .append(v.position().file()).append(':').append(v.position().line()).append("\n    via ")
            .append(String.join(" -> ", v.callChain())).append('\n');
      }
      for (String u : c.unknownCallees()) {
        out.append("  unknown callee ").append(u).append(", treated as may-escape\n");
      }
    }
    if (!report.suggestions().isEmpty()) {
      out.append("\nCandidate closures (best first):\n");
      int rank = 0;
      for (Suggestion sg : report.suggestions()) {
        out.append(String.format(Locale.ROOT, "%3d. [%d] %s%n", ++rank, sg.score(), sg.method()));
        sg.reasons().forEach(r -> out.append("       ").append(r).append('\n'));
      }
    }
    if (!report.diagnostics().isEmpty()) {
      out.append('\n');
      for (Diagnostic d : report.diagnostics()) {
        out.append(d.severity().name().toLowerCase(Locale.ROOT)).append(" [").append(d.key()).append("] ")
            .append(d.message());
        if (!d.position().file().isEmpty()) {
          out.append(" at ").append(d.position().file()).append(':').append(d.position().line());
        }
        out.append('\n');
      }
    }
    return out.toString();
  }
}
