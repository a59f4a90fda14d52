package dev.orthrus.model.jdk;

import dev.orthrus.model.NondeterministicCall.Handling;
import dev.orthrus.model.Severity;
import dev.orthrus.model.Tag;
import dev.orthrus.model.rules.Rule;

/**
 * What a JDK call means to Orthrus: the rule it falls under (with that rule's severity), how the
 * runtime handles it when it is a non-deterministic call, or the tag it gives the closure. The JSON
 * name is the {@code category} of {@code nondeterministic} entries in {@code closures.json}.
 */
public enum JdkCategory {
  THREAD("thread", Rule.THREAD, null, null),
  EXECUTOR("executor", Rule.THREAD, null, null),
  PARALLEL_STREAM("parallel-stream", Rule.THREAD, null, null),
  ASYNC_FUTURE("async-future", Rule.THREAD, null, null),
  IO("io", Rule.IO, Handling.ERROR, null),
  LOCK("lock", Rule.LOCK, Handling.RECORDED, null),
  MONITOR("monitor", Rule.LOCK, Handling.RECORDED, null),
  CLOCK("clock", Rule.NONDETERMINISTIC, Handling.RECORDED, null),
  RANDOM("random", Rule.NONDETERMINISTIC, Handling.RECORDED, null),
  IDENTITY_HASH("identity-hash", Rule.NONDETERMINISTIC, Handling.RECORDED, null),
  /**
   * Iteration in identity-hash order: APP's and VAL's fresh objects hash differently, and the order
   * cannot be recorded (an error).
   */
  HASH_ORDER("hash-order", Rule.IDENTITY_HASH_ORDER, Handling.ERROR, null),
  ENVIRONMENT("environment", Rule.NONDETERMINISTIC, Handling.RECORDED, null),
  MATH_INTRINSIC("math-intrinsic", Rule.MATH_INTRINSIC, Handling.RECORDED, null),
  /**
   * Reads a float's or a double's bits as they are ({@code Double.doubleToRawLongBits}, a buffer's
   * {@code putDouble}): which NaN an operation on NaNs gives depends on the code the JIT made, so
   * the bits of a NaN are recorded; those of any other value are validated.
   */
  NAN_BITS("nan-bits", Rule.NONDETERMINISTIC, Handling.RECORDED, null),
  /** Changes a mutable JDK object (a rule only when user data holds the object). */
  MUTATION("mutation", Rule.MUTABLE_COLLECTION, null, null),
  /**
   * Returns a view over, or a mutable wrapper of, another collection (a rule when user data keeps
   * it).
   */
  MUTABLE_VIEW("mutable-view", Rule.MUTABLE_COLLECTION, null, null),
  /**
   * Returns a collector whose collection is mutable ({@code Collectors.toList()}: a rule when user
   * data keeps what {@code Stream.collect} makes with it).
   */
  MUTABLE_COLLECTOR("mutable-collector", Rule.MUTABLE_COLLECTION, null, null),
  FLOATING_POINT("floating-point", null, null, Tag.FLOATING_POINT),
  VECTOR("vector", null, null, Tag.VECTOR),
  /** Stores into the array passed as one of its arguments ({@link JdkApi#argument()}). */
  ARRAY_WRITE("array-write", null, null, null);

  private final String jsonName;
  private final Rule rule;
  private final Handling handling;
  private final Tag tag;

  JdkCategory(String jsonName, Rule rule, Handling handling, Tag tag) {
    this.jsonName = jsonName;
    this.rule = rule;
    this.handling = handling;
    this.tag = tag;
  }

  public String jsonName() {
    return jsonName;
  }

  /** The rule a call of this category is reported under, or null for tags and array writes. */
  public Rule rule() {
    return rule;
  }

  /** The rule's severity, or null. */
  public Severity severity() {
    return rule == null ? null : rule.severity();
  }

  /**
   * How the runtime handles a call of this category when it is listed as a {@code nondeterministic}
   * call of a closure, or null when it is not listed there (threads are violations, tags are tags).
   * An entry of the table may say otherwise ({@link JdkApi#handling()}).
   */
  public Handling handling() {
    return handling;
  }

  public Tag tag() {
    return tag;
  }

  /**
   * True when the call alone is a finding wherever a closure makes it (threads, I/O, locks,
   * non-determinism, math intrinsics); mutations and views are findings only on user data.
   */
  public boolean reportedAtCall() {
    return rule != null && this != MUTATION && this != MUTABLE_VIEW && this != MUTABLE_COLLECTOR;
  }

  /**
   * The category of a {@code nondeterministic} entry, or null for one this version does not know.
   */
  public static JdkCategory fromJsonName(String name) {
    for (JdkCategory c : values()) {
      if (c.jsonName.equals(name)) {
        return c;
      }
    }
    return null;
  }
}
