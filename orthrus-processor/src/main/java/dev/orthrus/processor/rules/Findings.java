package dev.orthrus.processor.rules;

import dev.orthrus.model.Severity;
import dev.orthrus.processor.summary.Site;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the rules found. A helper reached from several closures is reported once, on its own line,
 * and listed in every one of those closures' models.
 */
public final class Findings {

  private final Map<String, Map<Object, Finding>> byKey = new LinkedHashMap<>();

  /**
   * Records a finding.
   *
   * @param closureId the closure it belongs to, or null for control-path code
   */
  public void report(String key, Severity severity, Site site, String message, String closureId) {
    Map<Object, Finding> sites = byKey.computeIfAbsent(key, k -> new IdentityHashMap<>());
    Finding finding = sites.computeIfAbsent(site.tree(), t -> new Finding(key, severity, message, site));
    if (closureId != null) {
      finding.closureIds().add(closureId);
    }
  }

  /** In report order: by file, line, column, then key. */
  public List<Finding> all() {
    List<Finding> all = new ArrayList<>();
    byKey.values().forEach(m -> all.addAll(m.values()));
    all.sort(java.util.Comparator
        .comparing((Finding f) -> f.site().position().file())
        .thenComparingLong(f -> f.site().position().line())
        .thenComparingLong(f -> f.site().position().column())
        .thenComparing(Finding::key));
    return all;
  }
}
