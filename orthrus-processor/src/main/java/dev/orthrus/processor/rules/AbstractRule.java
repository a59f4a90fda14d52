package dev.orthrus.processor.rules;

import dev.orthrus.model.Severity;

/** A rule whose key, default severity and summary are fixed when it is declared. */
abstract class AbstractRule implements Rule {

  private final String key;
  private final Severity severity;
  private final String summary;

  AbstractRule(String key, Severity severity, String summary) {
    this.key = key;
    this.severity = severity;
    this.summary = summary;
  }

  @Override
  public final String key() {
    return key;
  }

  @Override
  public final Severity severity() {
    return severity;
  }

  @Override
  public final String summary() {
    return summary;
  }
}
