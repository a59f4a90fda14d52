package dev.orthrus.model;

import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/** Properties of a closure that drive sampling priority and fault-injection units. */
public enum Tag {
  /** float/double arithmetic or {@code Math}/{@code StrictMath} calls. */
  FLOATING_POINT("floating-point"),
  /** Bulk or vector operations: array copies and compares, {@code Arrays.*}, the Vector API. */
  VECTOR("vector");

  private final String jsonName;

  Tag(String jsonName) {
    this.jsonName = jsonName;
  }

  /** The name used in JSON and reports. */
  public String jsonName() {
    return jsonName;
  }

  public static Tag fromJsonName(String name) {
    for (Tag tag : values()) {
      if (tag.jsonName.equals(name)) {
        return tag;
      }
    }
    throw new IllegalArgumentException("unknown tag: " + name);
  }

  static Set<Tag> sorted(Collection<Tag> tags) {
    return tags.isEmpty()
        ? Collections.emptySet()
        : Collections.unmodifiableSet(EnumSet.copyOf(tags));
  }
}
