package dev.orthrus.model;

import java.util.Objects;

/**
 * An allocation site ({@code new T(...)}, an array creation, or a boxing/lambda site found by the
 * bytecode analysis).
 *
 * @param type the allocated type
 * @param userData the type is {@code @UserData} (it becomes a versioned object, OrthrusNew)
 * @param method the method containing the site, as {@code owner#signature}
 * @param position where it is written
 * @param escape the escape state from the bytecode analysis, or null before that analysis ran
 */
public record Allocation(
    String type, boolean userData, String method, SourcePosition position, EscapeState escape) {

  public Allocation {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(position, "position");
  }

  public Allocation withEscape(EscapeState state) {
    return new Allocation(type, userData, method, position, state);
  }
}
