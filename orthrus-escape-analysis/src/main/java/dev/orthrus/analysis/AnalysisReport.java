package dev.orthrus.analysis;

import dev.orthrus.model.Allocation;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.Diagnostic;
import dev.orthrus.model.NondeterministicCall;
import dev.orthrus.model.Suppression;
import dev.orthrus.model.Tag;
import dev.orthrus.model.Violation;
import dev.orthrus.model.rules.Rule;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The result of one bytecode analysis.
 *
 * @param closures one entry per closure (found from annotations or the processor report), by id
 * @param userDataTypes {@code @UserData} classes found in the bytecode
 * @param missingClasses referenced classes found nowhere (phantoms) that are not the JDK's: missing
 *     dependencies, sorted; JDK classes the running JDK lacks are named by an {@value
 *     EscapeAnalyzer#NEWER_JDK} diagnostic instead
 * @param diagnostics findings not attached to one closure: unknown callees, missing classes,
 *     unreadable methods, processor closures not found in the bytecode
 * @param suggestions candidate closures, best first (empty unless suggestions were asked for)
 * @param stats sizes and timings
 * @param processorReport the processor's report given as input, or null
 */
public record AnalysisReport(
    List<ClosureAnalysis> closures,
    List<String> userDataTypes,
    List<String> missingClasses,
    List<Diagnostic> diagnostics,
    List<Suggestion> suggestions,
    AnalysisStats stats,
    ClosureReport processorReport) {

  public static final String GENERATOR = "orthrus-escape-analysis";

  public AnalysisReport {
    closures = List.copyOf(closures);
    userDataTypes = List.copyOf(userDataTypes);
    missingClasses = List.copyOf(missingClasses);
    diagnostics = List.copyOf(diagnostics);
    suggestions = List.copyOf(suggestions);
  }

  /**
   * The closure report ({@code closures.json} shape). With a processor report, its closures keep
   * their source-level facts and gain {@code reachableMethods}, allocation escape states, tags,
   * nondeterministic calls and violations found through the call graph; allocations the processor
   * did not list (in called methods) are appended. The processor report's {@code @SuppressWarnings}
   * silence the analysis's violations and report-wide findings in the same declarations (class
   * files do not keep the annotation), and a report-wide finding the processor already made on the
   * same line is not repeated.
   */
  public ClosureReport toClosureReport() {
    List<Suppression> suppressions =
        processorReport == null ? List.of() : processorReport.suppressions();
    Map<String, ClosureModel> byId = new HashMap<>();
    for (ClosureAnalysis c : closures) {
      byId.put(normalizeId(c.model().id()), withoutSuppressed(c.model(), suppressions));
    }
    List<ClosureModel> models = new ArrayList<>();
    Set<String> userData = new TreeSet<>(userDataTypes);
    List<Diagnostic> allDiagnostics = new ArrayList<>();
    Set<String> merged = new java.util.HashSet<>();
    if (processorReport != null) {
      userData.addAll(processorReport.userDataTypes());
      allDiagnostics.addAll(processorReport.diagnostics());
      for (ClosureModel p : processorReport.closures()) {
        ClosureModel a = byId.get(normalizeId(p.id()));
        if (a == null) {
          models.add(p);
        } else {
          merged.add(a.id());
          models.add(merge(p, a));
        }
      }
    }
    for (ClosureAnalysis a : closures) {
      if (!merged.contains(a.model().id())) {
        models.add(byId.get(normalizeId(a.model().id())));
      }
    }
    models.sort((x, y) -> x.id().compareTo(y.id()));
    for (Diagnostic d : diagnostics) {
      Rule rule = Rule.byKey(d.key()).orElse(null);
      if (!Suppression.silenced(suppressions, rule, d.position()) && !reportedByProcessor(d)) {
        allDiagnostics.add(d);
      }
    }
    return new ClosureReport(
        ClosureReport.SCHEMA_VERSION,
        GENERATOR,
        new ArrayList<>(userData),
        models,
        allDiagnostics,
        suppressions);
  }

  /**
   * The processor made the same finding: on the same line, or about the same user-data field (class
   * files give fields no line, so the analysis places a field's finding where it is first stored).
   */
  private boolean reportedByProcessor(Diagnostic d) {
    if (processorReport == null) {
      return false;
    }
    String field = fieldSubject(d.message());
    return java.util.stream.Stream.concat(
            processorReport.diagnostics().stream(),
            processorReport.closures().stream().flatMap(c -> c.diagnostics().stream()))
        .anyMatch(
            p ->
                p.key().equals(d.key())
                    && (d.position().line() > 0
                            && p.position().line() == d.position().line()
                            && p.position().file().equals(d.position().file())
                        || field != null && field.equals(fieldSubject(p.message()))));
  }

  /** {@code user-data field `a.B.f`} at the start of a message, or null. */
  private static String fieldSubject(String message) {
    String prefix = "user-data field `";
    int end = message.indexOf('`', prefix.length());
    return message.startsWith(prefix) && end > 0 ? message.substring(0, end) : null;
  }

  /** The closure without the violations a {@code @SuppressWarnings} silences. */
  private static ClosureModel withoutSuppressed(ClosureModel c, List<Suppression> suppressions) {
    if (suppressions.isEmpty()) {
      return c;
    }
    List<Violation> kept =
        c.violations().stream()
            .filter(
                v ->
                    !Suppression.silenced(
                        suppressions, Rule.byKey(v.key()).orElse(null), v.position()))
            .toList();
    return kept.size() == c.violations().size()
        ? c
        : new ClosureModel(
            c.id(),
            c.key(),
            c.name(),
            c.owner(),
            c.method(),
            c.signature(),
            c.source(),
            c.strict(),
            c.comparison(),
            c.receiver(),
            c.parameters(),
            c.result(),
            c.userDataReads(),
            c.userDataWrites(),
            c.allocations(),
            c.calls(),
            c.nondeterministic(),
            c.tags(),
            c.diagnostics(),
            c.reachableMethods(),
            kept);
  }

  /** {@code p} from the processor, {@code a} from bytecode. */
  private static ClosureModel merge(ClosureModel p, ClosureModel a) {
    List<Allocation> allocations = new ArrayList<>();
    List<Allocation> fromBytecode = new ArrayList<>(a.allocations());
    for (Allocation source : p.allocations()) {
      Allocation match = null;
      for (Allocation b : fromBytecode) {
        if (b.position().line() == source.position().line() && sameType(source.type(), b.type())) {
          match = b;
          break;
        }
      }
      if (match != null) {
        fromBytecode.remove(match);
        allocations.add(source.withEscape(match.escape()));
      } else {
        allocations.add(source);
      }
    }
    allocations.addAll(fromBytecode);
    List<NondeterministicCall> nondeterministic = new ArrayList<>(p.nondeterministic());
    for (NondeterministicCall n : a.nondeterministic()) {
      boolean known =
          p.nondeterministic().stream()
              .anyMatch(
                  q ->
                      q.position().line() == n.position().line()
                          && normalizeId(q.target()).equals(normalizeId(n.target())));
      if (!known) {
        nondeterministic.add(n);
      }
    }
    Set<Tag> tags = EnumSet.noneOf(Tag.class);
    tags.addAll(p.tags());
    tags.addAll(a.tags());
    Set<Violation> violations = new LinkedHashSet<>(p.violations());
    violations.addAll(a.violations());
    return new ClosureModel(
        p.id(),
        p.key(),
        p.name(),
        p.owner(),
        p.method(),
        p.signature(),
        p.source(),
        p.strict(),
        p.comparison(),
        p.receiver(),
        p.parameters(),
        p.result(),
        p.userDataReads(),
        p.userDataWrites(),
        allocations,
        p.calls(),
        nondeterministic,
        tags,
        p.diagnostics(),
        a.reachableMethods(),
        new ArrayList<>(violations));
  }

  /**
   * Source and bytecode spell nested types differently ({@code A.B} vs {@code A$B}), and generics.
   */
  private static boolean sameType(String source, String bytecode) {
    String s = source.replaceAll("<.*>", "").replace('$', '.').replace(" ", "");
    String b = bytecode.replace('$', '.');
    return s.equals(b) || b.endsWith("." + s) || s.endsWith("." + b);
  }

  /** A method id with nested-class separators and whitespace made uniform, for matching. */
  static String normalizeId(String id) {
    return id.replace('$', '.').replace(" ", "");
  }
}
