package dev.orthrus.model;

import java.util.List;
import java.util.Objects;

/**
 * A call whose result differs between executions, so VAL must replay APP's recorded result, or a
 * side effect that must not run in a closure at all.
 *
 * @param target the callee as {@code owner#name(erased,params)}
 * @param category {@code clock}, {@code random}, {@code identity-hash}, {@code hash-order}, {@code
 *     io}, {@code lock}, ...
 * @param handling what the runtime does with it
 * @param position where it is written
 * @param callChain methods from the closure to the call (empty when it is in the closure itself)
 */
public record NondeterministicCall(
    String target,
    String category,
    Handling handling,
    SourcePosition position,
    List<String> callChain) {

  /**
   * What the runtime does with a call; JSON names are {@code recorded}, {@code seeded} and {@code
   * error}.
   */
  public enum Handling {
    /** APP records the result in the closure log and VAL replays it. */
    RECORDED("recorded"),
    /**
     * APP draws a seed (or reads what the call would take from its environment: a scanner's default
     * locale), records it in the closure log and runs the call with it; VAL replays it, so the call
     * (an unseeded generator, a shuffle, a scanner) computes the same in both.
     */
    SEEDED("seeded"),
    /** Not allowed in a closure: a validator would repeat the side effect. */
    ERROR("error");

    private final String jsonName;

    Handling(String jsonName) {
      this.jsonName = jsonName;
    }

    public String jsonName() {
      return jsonName;
    }

    /**
     * The JSON name, so reports that print a handling print {@code recorded}, {@code seeded}, ...
     */
    @Override
    public String toString() {
      return jsonName;
    }

    public static Handling fromJsonName(String name) {
      for (Handling h : values()) {
        if (h.jsonName.equals(name)) {
          return h;
        }
      }
      throw new IllegalArgumentException("unknown handling: " + name);
    }
  }

  public NondeterministicCall {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(category, "category");
    Objects.requireNonNull(handling, "handling");
    Objects.requireNonNull(position, "position");
    callChain = List.copyOf(callChain);
  }
}
