package dev.orthrus.model;

import java.util.Objects;

/**
 * A resolved method call made in a closure body.
 *
 * @param target the callee as {@code owner#name(erased,params)}
 * @param inCompilation the callee's source is part of the same compilation (its body was checked
 *     too)
 * @param position where the call is written
 */
public record CallSite(String target, boolean inCompilation, SourcePosition position) {

  public CallSite {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(position, "position");
  }
}
