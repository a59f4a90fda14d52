package dev.orthrus.model.report;

import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.Diagnostic;
import dev.orthrus.model.Violation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * How many findings a report holds, per stage: the source stage's rule diagnostics, and the
 * bytecode stage's violations (errors found through the call graph) and {@code orthrus.analysis.*}
 * diagnostics. Every report header counts from here, so a header never says "0 errors" next to a
 * violation that fails the run. A finding reached from several closures (in a helper they share)
 * counts once.
 *
 * @param closures closures in the report
 * @param analyzedClosures closures the bytecode stage analyzed (they have reachable methods)
 * @param rules the source stage's diagnostics
 * @param bytecode the bytecode stage's violations and diagnostics
 */
public record FindingTotals(int closures, int analyzedClosures, Counts rules, Counts bytecode) {

  /** Keys of the bytecode analysis's own diagnostics (missing classes, unknown callees). */
  public static final String ANALYSIS_KEY_PREFIX = "orthrus.analysis.";

  /** Errors, warnings and notes of one stage, or of both. */
  public record Counts(int errors, int warnings, int notes) {
    Counts plus(Counts other) {
      return new Counts(errors + other.errors, warnings + other.warnings, notes + other.notes);
    }

    /** {@code 1 error, 0 warnings, 2 notes}. */
    @Override
    public String toString() {
      return plural(errors, "error")
          + ", "
          + plural(warnings, "warning")
          + ", "
          + plural(notes, "note");
    }
  }

  public static FindingTotals of(ClosureReport report) {
    List<Diagnostic> all = new ArrayList<>(report.diagnostics());
    // A finding in a helper that several closures call is listed under each of them: count it once.
    Set<String> seen = new HashSet<>();
    int violations = 0;
    int analyzed = 0;
    for (ClosureModel c : report.closures()) {
      for (Diagnostic d : c.diagnostics()) {
        if (seen.add(d.key() + "@" + d.position())) {
          all.add(d);
        }
      }
      for (Violation v : c.violations()) {
        violations += seen.add(v.key() + "@" + v.position()) ? 1 : 0;
      }
      analyzed += c.reachableMethods().isEmpty() ? 0 : 1;
    }
    Counts rules = new Counts(0, 0, 0);
    Counts bytecode = new Counts(violations, 0, 0);
    for (Diagnostic d : all) {
      Counts one =
          switch (d.severity()) {
            case ERROR -> new Counts(1, 0, 0);
            case WARNING -> new Counts(0, 1, 0);
            case NOTE -> new Counts(0, 0, 1);
          };
      if (d.key().startsWith(ANALYSIS_KEY_PREFIX)) {
        bytecode = bytecode.plus(one);
      } else {
        rules = rules.plus(one);
      }
    }
    return new FindingTotals(report.closures().size(), analyzed, rules, bytecode);
  }

  public Counts total() {
    return rules.plus(bytecode);
  }

  static String plural(long n, String word) {
    return n + " " + word + (n == 1 ? "" : "s");
  }
}
