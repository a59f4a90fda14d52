package dev.orthrus.runtime.validate;

import dev.orthrus.runtime.api.MismatchKind;

/**
 * The first difference a validator found. {@code expected} is what the validator computed, {@code
 * actual} what the application produced.
 */
public record Mismatch(MismatchKind kind, String detail, String expected, String actual) {

  @Override
  public String toString() {
    return kind + ": " + detail + " (expected " + expected + ", actual " + actual + ")";
  }
}
