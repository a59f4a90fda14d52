package dev.orthrus.processor.rules;

import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.summary.Site;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the rules found. A helper reached from several closures is reported once, on its own line,
 * and listed in every one of those closures' models.
 */
public final class Findings {

  private final Map<Rule, Map<Object, Finding>> byRule = new LinkedHashMap<>();

  /**
   * Records a finding, unless a {@code @SuppressWarnings} around its site silences the rule.
   *
   * @param closureId the closure it belongs to, or null for control-path code
   */
  public void report(Rule rule, Site site, String message, String closureId) {
    if (site.suppresses(rule)) {
      return;
    }
    Map<Object, Finding> sites = byRule.computeIfAbsent(rule, k -> new IdentityHashMap<>());
    Finding finding = sites.computeIfAbsent(site.tree(), t -> new Finding(rule, message, site));
    if (closureId != null) {
      finding.closureIds().add(closureId);
    }
  }

  /** In report order: by file, line, column, then key. */
  public List<Finding> all() {
    List<Finding> all = new ArrayList<>();
    byRule.values().forEach(m -> all.addAll(m.values()));
    all.sort(
        Comparator.comparing((Finding f) -> f.site().position().file())
            .thenComparingLong(f -> f.site().position().line())
            .thenComparingLong(f -> f.site().position().column())
            .thenComparing(Finding::key));
    return all;
  }
}
