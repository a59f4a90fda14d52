package dev.orthrus.processor.rules;

import dev.orthrus.model.Severity;
import dev.orthrus.model.rules.Rule;
import dev.orthrus.processor.summary.Site;
import java.util.Set;
import java.util.TreeSet;

/**
 * One diagnostic the processor will print, and the closures it belongs to (empty for control-path
 * findings).
 */
public final class Finding {

  private final Rule rule;
  private final String message;
  private final Site site;
  private final Set<String> closureIds = new TreeSet<>();

  Finding(Rule rule, String message, Site site) {
    this.rule = rule;
    this.message = message;
    this.site = site;
  }

  public Rule rule() {
    return rule;
  }

  public String key() {
    return rule.key();
  }

  public Severity severity() {
    return rule.severity();
  }

  /** The message without the {@code [key]} prefix. */
  public String message() {
    return message;
  }

  public Site site() {
    return site;
  }

  public Set<String> closureIds() {
    return closureIds;
  }
}
