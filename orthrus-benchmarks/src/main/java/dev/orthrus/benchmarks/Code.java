package dev.orthrus.benchmarks;

import java.util.Locale;

/** Which protected code a benchmark or the stress runs. */
public enum Code {
  /**
   * What the rewriter generated from the annotated sources of {@code orthrus-goldens} (the classes
   * of its jar): what a user's program runs.
   */
  GENERATED,
  /** The hand-written closures of {@code orthrus-testkit}, in the shape the rewriter emits. */
  HAND_WRITTEN;

  /** The name commands take and print: {@code generated}, {@code hand-written}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The code named {@code label}. */
  public static Code of(String label) {
    for (Code c : values()) {
      if (c.label().equals(label)) {
        return c;
      }
    }
    throw new IllegalArgumentException("unknown code '" + label + "': generated or hand-written");
  }
}
