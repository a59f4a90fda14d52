package dev.orthrus.model;

import dev.orthrus.model.rules.Rule;
import java.util.List;
import java.util.Objects;

/**
 * A {@code @SuppressWarnings} with Orthrus values, as the processor saw it in the source. The
 * annotation is not kept in class files, so the bytecode analysis learns about it from here.
 *
 * @param warnings the annotation's Orthrus values ({@code orthrus.closure.lock}, {@code orthrus})
 * @param declaration what it annotates: a class ({@code a.B$C}), a method ({@code a.B#m(int)}), a
 *     field ({@code a.B.f}) or a local variable ({@code a.B#m(int) v})
 * @param file the source file, as positions name it ({@code a/B.java})
 * @param startLine first line of the annotated declaration
 * @param endLine last line of the annotated declaration
 */
public record Suppression(
    List<String> warnings, String declaration, String file, long startLine, long endLine) {

  public Suppression {
    warnings = List.copyOf(warnings);
    Objects.requireNonNull(declaration, "declaration");
    Objects.requireNonNull(file, "file");
  }

  /** True when a finding of {@code rule} at {@code position} is silenced by this annotation. */
  public boolean silences(Rule rule, SourcePosition position) {
    return position.file().equals(file)
        && position.line() >= startLine
        && position.line() <= endLine
        && warnings.stream().anyMatch(rule::suppressedBy);
  }

  /** True when any of the suppressions silences the finding. */
  public static boolean silenced(
      List<Suppression> suppressions, Rule rule, SourcePosition position) {
    return rule != null && suppressions.stream().anyMatch(s -> s.silences(rule, position));
  }
}
