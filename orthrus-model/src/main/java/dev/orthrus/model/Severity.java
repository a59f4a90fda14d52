package dev.orthrus.model;

/** How serious a finding is; errors fail the build. */
public enum Severity {
  ERROR,
  WARNING,
  NOTE
}
