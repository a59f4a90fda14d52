package dev.orthrus.processor.rules;

import dev.orthrus.model.Severity;
import dev.orthrus.processor.summary.Site;
import java.util.Set;
import java.util.TreeSet;

/**
 * One diagnostic the processor will print, and the closures it belongs to (empty for control-path
 * findings).
 */
public final class Finding {

  private final String key;
  private final Severity severity;
  private final String message;
  private final Site site;
  private final Set<String> closureIds = new TreeSet<>();

  Finding(String key, Severity severity, String message, Site site) {
    this.key = key;
    this.severity = severity;
    this.message = message;
    this.site = site;
  }

  public String key() {
    return key;
  }

  public Severity severity() {
    return severity;
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
