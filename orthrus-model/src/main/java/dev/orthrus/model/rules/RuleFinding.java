package dev.orthrus.model.rules;

import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.Diagnostic;
import dev.orthrus.model.NondeterministicCall;
import dev.orthrus.model.Severity;
import dev.orthrus.model.SourcePosition;
import dev.orthrus.model.Suppression;
import dev.orthrus.model.Violation;
import dev.orthrus.model.jdk.JdkCategory;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One rule finding of a report, whichever stage found it and however the report stores it: a
 * diagnostic (processor, analysis), a violation found through the call graph (analysis), or a
 * non-deterministic call (both; its rule and severity come from the JDK table's category). Reports
 * that list findings (SARIF) read them from {@link #of(ClosureReport)}.
 *
 * @param key the rule key
 * @param severity the finding's severity
 * @param message what is wrong, without the {@code [key]} prefix
 * @param position where
 * @param closure the closure it belongs to, or null for report-wide findings
 * @param callChain methods from the closure to the offending one (may be empty)
 */
public record RuleFinding(
    String key,
    Severity severity,
    String message,
    SourcePosition position,
    String closure,
    List<String> callChain) {

  public RuleFinding {
    callChain = List.copyOf(callChain);
  }

  /** The registry entry, or null for a key this version does not know (a newer report). */
  public Rule rule() {
    return Rule.byKey(key).orElse(null);
  }

  /**
   * Every finding of the report, once: a fact both stages found (same rule, closure and line) is
   * listed once, with the processor's words; findings silenced by the report's
   * {@code @SuppressWarnings} are left out.
   */
  public static List<RuleFinding> of(ClosureReport report) {
    List<RuleFinding> all = new ArrayList<>();
    for (Diagnostic d : report.diagnostics()) {
      all.add(new RuleFinding(d.key(), d.severity(), d.message(), d.position(), null, List.of()));
    }
    for (ClosureModel c : report.closures()) {
      for (Diagnostic d : c.diagnostics()) {
        all.add(
            new RuleFinding(d.key(), d.severity(), d.message(), d.position(), c.id(), List.of()));
      }
      for (Violation v : c.violations()) {
        Rule rule = Rule.byKey(v.key()).orElse(null);
        all.add(
            new RuleFinding(
                v.key(),
                rule == null ? Severity.ERROR : rule.severity(),
                v.message() + " (in closure " + c.id() + ")",
                v.position(),
                c.id(),
                v.callChain()));
      }
      for (NondeterministicCall n : c.nondeterministic()) {
        Rule rule = ruleOf(n);
        all.add(
            new RuleFinding(
                rule.key(),
                rule.severity(),
                n.category()
                    + " call `"
                    + n.target()
                    + "` "
                    + switch (n.handling()) {
                      case RECORDED -> "is recorded and replayed to the validator";
                      case SEEDED -> "runs with a seed recorded and replayed to the validator";
                      case ERROR -> "cannot be replayed by a validator";
                    }
                    + " (in closure "
                    + c.id()
                    + ")",
                n.position(),
                c.id(),
                n.callChain()));
      }
    }
    List<RuleFinding> result = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (RuleFinding f : all) {
      // Lines, not files: a finding without a line is kept as it is.
      String identity =
          f.key + "|" + f.closure + "|" + (f.position.line() > 0 ? f.position.line() : f.message);
      if (seen.add(identity)
          && !Suppression.silenced(report.suppressions(), f.rule(), f.position)) {
        result.add(f);
      }
    }
    return result;
  }

  /**
   * The rule a non-deterministic call falls under: its category's, or by handling for an unknown
   * category.
   */
  public static Rule ruleOf(NondeterministicCall call) {
    JdkCategory category = JdkCategory.fromJsonName(call.category());
    if (category != null && category.rule() != null) {
      return category.rule();
    }
    return call.handling() == NondeterministicCall.Handling.ERROR ? Rule.IO : Rule.NONDETERMINISTIC;
  }
}
