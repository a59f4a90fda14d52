package dev.orthrus.analysis.escape;

import java.util.Arrays;

/**
 * What a method does with its arguments, as seen by its callers.
 *
 * <ul>
 *   <li>{@link #param(int)}: where the argument may be reachable from afterwards (returned, stored
 *       into another argument's structure, user data, global).
 *   <li>{@link #result()}: where the returned object lives: another argument's structure, user
 *       data, global, or {@link Escapes#RETURNED} for "a fresh object".
 *   <li>{@link #writes()}: whose structures the method stores into.
 * </ul>
 */
public final class MethodSummary {

  private final Escapes[] params;
  private final Escapes result = new Escapes();
  private final Escapes writes = new Escapes();

  MethodSummary(int parameterCount) {
    params = new Escapes[parameterCount + 1];
    for (int i = 0; i < params.length; i++) {
      params[i] = new Escapes();
    }
  }

  /** Index -1 is the receiver. */
  public Escapes param(int index) {
    return index + 1 < params.length ? params[index + 1] : new Escapes(Escapes.GLOBAL, 0);
  }

  public int parameterCount() {
    return params.length - 1;
  }

  public Escapes result() {
    return result;
  }

  public Escapes writes() {
    return writes;
  }

  /** Grows this summary to include {@code other}; true when something was added. */
  boolean absorb(MethodSummary other) {
    boolean changed = false;
    for (int i = 0; i < params.length && i < other.params.length; i++) {
      changed |= params[i].addAll(other.params[i]);
    }
    changed |= result.addAll(other.result);
    changed |= writes.addAll(other.writes);
    return changed;
  }

  @Override
  public String toString() {
    return "params=" + Arrays.toString(params) + " result=" + result + " writes=" + writes;
  }
}
