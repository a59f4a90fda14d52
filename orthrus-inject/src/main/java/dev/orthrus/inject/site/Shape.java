package dev.orthrus.inject.site;

import dev.orthrus.inject.fault.FaultType;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Type;

/**
 * What a site's instruction looks like to the instrumenter: the unit, how its value is reached, the
 * operand types on the stack before it and the value's width in bits.
 *
 * @param operands the stack operands the instruction consumes, first pushed first
 * @param result the type of the value the instruction leaves ({@code VOID_TYPE} for none)
 * @param width the bits a fault may touch: 32 or 64, 1 for a branch or a boolean, an element's
 *     width for an array
 * @param firstOperandPasses whether {@link FaultType#NOOP} means "the first operand passes through"
 *     (a primitive of the result's kind); loads pass their previous value instead
 */
public record Shape(
    Unit unit, Kind kind, List<Type> operands, Type result, int width, boolean firstOperandPasses) {

  /** How the instrumenter reaches the value. */
  public enum Kind {
    /** A primitive left on the stack. */
    VALUE,
    /** {@code iinc}: a local variable incremented in place. */
    INCREMENT,
    /** A conditional branch on ints: the condition is the value (1 bit). */
    BRANCH,
    /** A reference left on the stack: a loaded user-data reference, or a fresh primitive array. */
    REFERENCE,
    /** A bulk operation's destination array ({@code System.arraycopy}, {@code Arrays.fill}). */
    ARRAY_RANGE
  }

  public Shape {
    operands = List.copyOf(operands);
  }

  /** The fault types that mean something at this site. */
  public Set<FaultType> faults() {
    Set<FaultType> faults = EnumSet.noneOf(FaultType.class);
    boolean staleLoad = unit == Unit.CACHE;
    if (kind != Kind.REFERENCE || !staleLoad) {
      for (FaultType t : FaultType.values()) {
        if (t != FaultType.NOOP && t.bits() <= width) {
          faults.add(t);
        }
      }
    }
    if (firstOperandPasses || staleLoad || kind == Kind.BRANCH || kind == Kind.INCREMENT) {
      faults.add(FaultType.NOOP);
    }
    return faults;
  }
}
