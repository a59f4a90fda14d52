package dev.orthrus.inject.fault;

import java.util.Locale;

/** How a faulty unit corrupts a value (issue 12, after REFINE's fault models). */
public enum FaultType {
  /** One bit of the value inverted. */
  BITFLIP1(1),
  /** Two distinct bits inverted. */
  BITFLIP2(2),
  /** Three distinct bits inverted. */
  BITFLIP3(3),
  /** One bit forced to 0 (masked when it already was 0). */
  STUCK0(1),
  /** One bit forced to 1 (masked when it already was 1). */
  STUCK1(1),
  /**
   * The instruction did not execute: its first operand passes through (a branch is not taken, a
   * load returns the value this site loaded before, a stale cache line).
   */
  NOOP(0);

  private final int bits;

  FaultType(int bits) {
    this.bits = bits;
  }

  /** How many bit positions the fault touches. */
  public int bits() {
    return bits;
  }

  /** The name commands and reports use ({@code bitflip1}, {@code stuck0}, {@code noop}). */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The type named {@code label}, as {@link #label()} writes it. */
  public static FaultType of(String label) {
    for (FaultType t : values()) {
      if (t.label().equals(label)) {
        return t;
      }
    }
    throw new IllegalArgumentException(
        "unknown fault type '"
            + label
            + "'; the types are bitflip1, bitflip2, bitflip3, stuck0,"
            + " stuck1, noop");
  }

  /**
   * The fault applied to {@code bits}, the value's bits: {@code mask} holds the chosen positions,
   * {@code previous} is what a {@link #NOOP} leaves.
   */
  public long apply(long bits, long mask, long previous) {
    return switch (this) {
      case BITFLIP1, BITFLIP2, BITFLIP3 -> bits ^ mask;
      case STUCK0 -> bits & ~mask;
      case STUCK1 -> bits | mask;
      case NOOP -> previous;
    };
  }
}
