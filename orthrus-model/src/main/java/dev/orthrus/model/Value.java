package dev.orthrus.model;

import java.util.Objects;

/**
 * A closure input or output: a parameter, the receiver or the result.
 *
 * @param name parameter name, {@code this}, or {@code return}
 * @param type the declared type as written by the compiler, e.g. {@code java.util.List<byte[]>}
 * @param kind how a validator can compare it
 */
public record Value(String name, String type, ValueKind kind) {

  public Value {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(kind, "kind");
  }
}
