package dev.orthrus.model;

import java.util.Objects;

/**
 * One rule finding.
 *
 * @param key the rule's stable key, e.g. {@code orthrus.closure.static-write}
 * @param severity error, warning or note
 * @param message the message without the {@code [key]} prefix
 * @param position where it applies
 */
public record Diagnostic(String key, Severity severity, String message, SourcePosition position) {

  public Diagnostic {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(position, "position");
  }

  public boolean isError() {
    return severity == Severity.ERROR;
  }
}
