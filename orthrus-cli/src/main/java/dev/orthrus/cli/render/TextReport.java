package dev.orthrus.cli.render;

import dev.orthrus.analysis.AnalysisReport;
import dev.orthrus.analysis.AnalysisStats;
import dev.orthrus.analysis.Suggestion;
import dev.orthrus.analysis.program.JdkClasses;
import dev.orthrus.model.Allocation;
import dev.orthrus.model.CallSite;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.Diagnostic;
import dev.orthrus.model.FieldAccess;
import dev.orthrus.model.NondeterministicCall;
import dev.orthrus.model.SourcePosition;
import dev.orthrus.model.Tag;
import dev.orthrus.model.Value;
import dev.orthrus.model.Violation;
import dev.orthrus.model.report.FindingTotals;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The terminal form of a closure report: one block per closure with what it reads and writes, then
 * the findings. Meant to be read, not parsed; scripts use {@code --format json}.
 */
public final class TextReport {

  private static final String INDENT = "  ";
  private static final int LABEL_WIDTH = 18;

  /** Reached methods named per closure; the rest are counted (json lists them all). */
  static final int SHOWN_REACHED_METHODS = 6;

  /** Candidate closures shown in suggest mode; the rest are counted (json lists them all). */
  static final int SHOWN_SUGGESTIONS = 25;

  /** How to start when nothing is annotated yet (the porting path of the README). */
  static final String NO_CLOSURES =
      """
      No closures found: no method is annotated @Closure.
      To start, rank candidate closures with `orthrus analyze PATH --suggest`, annotate the best ones @Closure
      and the classes whose fields they write @UserData, then analyze again.
      """;

  static final String NO_CLOSURES_SUGGESTED =
      """
      No closures yet: annotate the best candidates below @Closure and the classes whose fields they write
      @UserData, then analyze again.
      """;

  private TextReport() {}

  /** The report of the source stage alone. */
  public static String render(ClosureReport report) {
    return render(report, null, false);
  }

  /**
   * The report, then what only the bytecode analysis knows: its size and time, and in suggest mode
   * the candidate closures with their reasons.
   *
   * @param report the source stage's report, or with {@code bytecode} the merged one ({@code
   *     bytecode.toClosureReport()})
   * @param bytecode the bytecode analysis, or null when it did not run
   * @param suggested candidate closures were asked for
   */
  public static String render(ClosureReport report, AnalysisReport bytecode, boolean suggested) {
    StringBuilder out = new StringBuilder();
    int closures = report.closures().size();
    out.append(closures).append(closures == 1 ? " closure" : " closures");
    out.append(", ")
        .append(report.userDataTypes().size())
        .append(report.userDataTypes().size() == 1 ? " user-data type" : " user-data types");
    if (!report.userDataTypes().isEmpty()) {
      out.append(": ").append(String.join(", ", report.userDataTypes()));
    }
    out.append('\n');
    FindingTotals totals = FindingTotals.of(report);
    out.append(totals.total());
    if (bytecode != null) {
      out.append(" (rules: ")
          .append(totals.rules())
          .append("; bytecode analysis: ")
          .append(plural(totals.bytecode().errors(), "violation"))
          .append(", ")
          .append(plural(totals.bytecode().warnings(), "warning"))
          .append(", ")
          .append(plural(totals.bytecode().notes(), "note"))
          .append(')');
    }
    out.append('\n');
    if (closures == 0) {
      out.append('\n').append(suggested ? NO_CLOSURES_SUGGESTED : NO_CLOSURES);
    }

    for (ClosureModel c : report.closures()) {
      out.append('\n');
      renderClosure(out, c);
    }
    if (!report.diagnostics().isEmpty()) {
      out.append("\nOutside closures\n");
      for (Diagnostic d : report.diagnostics()) {
        out.append(INDENT).append(indented(diagnostic(d), INDENT.length())).append('\n');
      }
    }
    if (bytecode != null) {
      bytecode(out, bytecode, suggested);
    }
    return out.toString();
  }

  private static void bytecode(StringBuilder out, AnalysisReport bytecode, boolean suggested) {
    AnalysisStats s = bytecode.stats();
    out.append(
        String.format(
            Locale.ROOT,
            "%nBytecode analysis: %d classes, %d methods in %.1f s; %s%n",
            s.applicationClasses(),
            s.methodsAnalyzed(),
            (s.loadMillis() + s.analysisMillis()) / 1000.0,
            bytecode.missingClasses().isEmpty()
                ? "no missing classes"
                : bytecode.missingClasses().size()
                    + (bytecode.missingClasses().size() == 1
                        ? " missing class"
                        : " missing classes")
                    + " (calls into them treated as may-escape)"));
    List<Suggestion> suggestions = bytecode.suggestions();
    if (suggestions.isEmpty()) {
      if (suggested) {
        out.append(
            "\nNo candidate closures: no method writes state reached from a long-lived data structure.\n");
      }
      return;
    }
    out.append("\nCandidate closures, best first (").append(suggestions.size()).append("):\n");
    int rank = 0;
    for (Suggestion sg : suggestions.subList(0, Math.min(SHOWN_SUGGESTIONS, suggestions.size()))) {
      out.append(
          String.format(
              Locale.ROOT,
              "%3d. score %-3d %s  (%s)%n",
              ++rank,
              sg.score(),
              sg.method(),
              position(sg.position())));
      for (String reason : sg.reasons()) {
        out.append("       - ").append(reason).append('\n');
      }
    }
    if (suggestions.size() > SHOWN_SUGGESTIONS) {
      out.append("  ... and ")
          .append(suggestions.size() - SHOWN_SUGGESTIONS)
          .append(" more (--format json lists them all)\n");
    }
  }

  private static void renderClosure(StringBuilder out, ClosureModel c) {
    out.append(c.id()).append("  (").append(position(c.source())).append(")\n");
    if (!c.name().equals(c.method()) || c.strict() || !"EQUALS".equalsIgnoreCase(c.comparison())) {
      line(
          out,
          "name",
          c.name()
              + (c.strict() ? ", strict" : "")
              + ", outputs compared by "
              + c.comparison().toLowerCase(Locale.ROOT).replace('_', ' '));
    }
    line(out, "receiver", c.receiver() == null ? "none (static)" : value(c.receiver()));
    list(out, "parameters", c.parameters(), TextReport::value);
    line(out, "result", value(c.result()));
    // Code on the class path only (another module's classes, an interface implemented elsewhere):
    // its reads and writes are not listed, so "none" would say more than is known.
    List<CallSite> outside =
        c.calls().stream()
            .filter(
                call ->
                    !call.inCompilation()
                        && !JdkClasses.isJdkClass(owner(call.target()))
                        // An array's clone(): the JVM's.
                        && !owner(call.target()).endsWith("[]"))
            .toList();
    String unknown = outside.isEmpty() ? "none" : "none in these sources (see not followed)";
    list(out, "reads", c.userDataReads(), a -> access(a, c), unknown);
    list(out, "writes", c.userDataWrites(), a -> access(a, c), unknown);
    list(out, "allocations", c.allocations(), a -> allocation(a, c));
    list(out, "nondeterministic", c.nondeterministic(), TextReport::nondeterministic);
    line(
        out,
        "tags",
        c.tags().isEmpty()
            ? "none"
            : c.tags().stream().map(Tag::jsonName).collect(Collectors.joining(", ")));
    if (!c.reachableMethods().isEmpty()) {
      line(out, "reaches", reached(c.reachableMethods()));
    }
    if (!outside.isEmpty()) {
      // One line per method called, with the places it is called from; the caveat once.
      Map<String, Set<String>> places = new LinkedHashMap<>();
      for (CallSite call : outside) {
        places
            .computeIfAbsent(shortMethod(call.target()), k -> new LinkedHashSet<>())
            .add(position(call.position()));
      }
      List<String> lines = new ArrayList<>();
      places.forEach((method, at) -> lines.add(method + "  " + String.join(", ", at)));
      lines.set(
          0,
          lines.get(0)
              + (lines.size() == 1
                  ? " (no code of it in these sources: what it reads and writes is not listed)"
                  : " (no code of these in the sources: what they read and write is not listed)"));
      list(out, "not followed", lines, line -> line);
    }
    if (!c.violations().isEmpty()) {
      list(out, "violations", c.violations(), TextReport::violation);
    }
    list(out, "diagnostics", c.diagnostics(), TextReport::diagnostic);
  }

  private static <T> void list(
      StringBuilder out, String label, List<T> items, Function<T, String> format) {
    list(out, label, items, format, "none");
  }

  private static <T> void list(
      StringBuilder out, String label, List<T> items, Function<T, String> format, String empty) {
    if (items.isEmpty()) {
      line(out, label, empty);
      return;
    }
    line(out, label, format.apply(items.get(0)));
    for (T item : items.subList(1, items.size())) {
      line(out, "", format.apply(item));
    }
  }

  private static void line(StringBuilder out, String label, String text) {
    out.append(INDENT).append(label);
    int gap = Math.max(1, LABEL_WIDTH - label.length());
    out.append(" ".repeat(gap));
    out.append(indented(text, INDENT.length() + label.length() + gap)).append('\n');
  }

  private static String reached(List<String> methods) {
    String named =
        methods.stream()
            .limit(SHOWN_REACHED_METHODS)
            .map(TextReport::shortMethod)
            .collect(Collectors.joining(", "));
    int rest = methods.size() - SHOWN_REACHED_METHODS;
    return plural(methods.size(), "method")
        + ": "
        + named
        + (rest > 0 ? ", ... (" + rest + " more)" : "");
  }

  /** The binary name of the class that declares method {@code id} ({@code owner#name(..)}). */
  private static String owner(String id) {
    return id.substring(0, Math.max(0, id.indexOf('#')));
  }

  /** {@code Owner#name(...)} without the package and parameter list, which json keeps. */
  private static String shortMethod(String id) {
    int hash = id.indexOf('#');
    int paren = id.indexOf('(', Math.max(hash, 0));
    String owner = hash < 0 ? "" : simpleName(id.substring(0, hash)) + "#";
    String name = id.substring(hash + 1, paren < 0 ? id.length() : paren);
    return owner + name;
  }

  private static String value(Value v) {
    return v.name()
        + ": "
        + v.type()
        + " ["
        + v.kind().name().toLowerCase(Locale.ROOT).replace('_', '-')
        + "]";
  }

  private static String access(FieldAccess a, ClosureModel c) {
    return simpleName(a.owner())
        + "."
        + a.field()
        + (a.type() == null ? "" : " : " + a.type())
        + "  "
        + position(a.position())
        + via(a.method(), c);
  }

  private static String allocation(Allocation a, ClosureModel c) {
    return "new "
        + a.type()
        + (a.userData() ? " [user data]" : "")
        + (a.escape() == null ? "" : " escape=" + a.escape().name().toLowerCase(Locale.ROOT))
        + "  "
        + position(a.position())
        + via(a.method(), c);
  }

  private static String nondeterministic(NondeterministicCall n) {
    return n.target()
        + " ("
        + n.category()
        + ", "
        + n.handling()
        + ")  "
        + position(n.position())
        + (n.callChain().isEmpty() ? "" : " via " + String.join(" -> ", n.callChain()));
  }

  private static String violation(Violation v) {
    return "["
        + v.key()
        + "] "
        + v.message()
        + "  "
        + position(v.position())
        + (v.callChain().isEmpty() ? "" : " via " + String.join(" -> ", v.callChain()));
  }

  /**
   * One diagnostic, its position at the end of the first line; the further lines of a message of
   * several (javac's "symbol:" and "location:" lines) follow it, indented by the caller.
   */
  private static String diagnostic(Diagnostic d) {
    String message = d.message().strip();
    int newline = message.indexOf('\n');
    String first = newline < 0 ? message : message.substring(0, newline).stripTrailing();
    String rest = newline < 0 ? "" : message.substring(newline);
    return d.severity().name().toLowerCase(Locale.ROOT)
        + " ["
        + d.key()
        + "] "
        + first
        + "  "
        + position(d.position())
        + rest;
  }

  /**
   * {@code text}'s further lines indented to start under its first, which starts at {@code column}.
   */
  private static String indented(String text, int column) {
    return text.replace("\n", "\n" + " ".repeat(column));
  }

  /** " in helper(...)" when a fact comes from a method the closure calls rather than its body. */
  private static String via(String method, ClosureModel c) {
    if (method == null || method.isEmpty() || method.equals(c.id())) {
      return "";
    }
    int hash = method.indexOf('#');
    return " in "
        + (hash >= 0 ? simpleName(method.substring(0, hash)) + method.substring(hash) : method);
  }

  private static String position(SourcePosition p) {
    if (p == null || p.file().isEmpty()) {
      return "unknown position";
    }
    String file = p.file();
    int slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
    String name = file.substring(slash + 1);
    return p.line() > 0 ? name + ":" + p.line() : name;
  }

  private static String simpleName(String binaryName) {
    int dot = binaryName.lastIndexOf('.');
    return dot < 0 ? binaryName : binaryName.substring(dot + 1);
  }

  private static String plural(long n, String word) {
    return n + " " + word + (n == 1 ? "" : "s");
  }
}
