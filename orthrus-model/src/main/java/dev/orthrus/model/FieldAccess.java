package dev.orthrus.model;

import java.util.Objects;

/**
 * A load or store of a user-data field.
 *
 * @param owner binary name of the class declaring the field
 * @param field the field name
 * @param type the field's declared type
 * @param method the method containing the access, as {@code owner#signature} (a closure or a method
 *     it calls)
 * @param position where the access is written
 */
public record FieldAccess(
    String owner, String field, String type, String method, SourcePosition position) {

  public FieldAccess {
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(position, "position");
  }
}
