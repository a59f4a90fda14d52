package dev.orthrus.inject.site;

import dev.orthrus.inject.site.Shape.Kind;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * Which instructions are sites, and their {@link Shape}: one rule for listing and instrumenting.
 */
final class SiteShapes {

  private static final Type OBJECT = Type.getType(Object.class);
  private static final String SLOT_VERSION = "dev/orthrus/runtime/api/SlotVersion";

  /** The four kinds of arithmetic opcodes (int, long, float, double) in the JVM's order. */
  private static final Type[] ARITHMETIC = {
    Type.INT_TYPE, Type.LONG_TYPE, Type.FLOAT_TYPE, Type.DOUBLE_TYPE
  };

  private SiteShapes() {}

  /**
   * The shape of {@code insn} when it is a site, else null.
   *
   * @param userData the program's user-data fields, as {@code owner.name} with the owner's internal
   *     name: the fields of its version classes, and the mutable fields its handles hold in place
   *     (a user-data field read is a read of one of them)
   */
  static Shape of(AbstractInsnNode insn, Set<String> userData) {
    int op = insn.getOpcode();
    if (op >= Opcodes.IADD && op <= Opcodes.DREM) {
      Type t = ARITHMETIC[(op - Opcodes.IADD) % 4];
      return value(unitOf(t), List.of(t, t), t);
    }
    if (op >= Opcodes.INEG && op <= Opcodes.DNEG) {
      Type t = ARITHMETIC[op - Opcodes.INEG];
      return value(unitOf(t), List.of(t), t);
    }
    if (op >= Opcodes.ISHL && op <= Opcodes.LXOR) {
      Type t = (op - Opcodes.ISHL) % 2 == 0 ? Type.INT_TYPE : Type.LONG_TYPE;
      boolean shift = op <= Opcodes.LUSHR;
      return value(Unit.INT, List.of(t, shift ? Type.INT_TYPE : t), t);
    }
    if (op == Opcodes.IINC) {
      return new Shape(Unit.INT, Kind.INCREMENT, List.of(), Type.INT_TYPE, 32, true);
    }
    if (op >= Opcodes.I2L && op <= Opcodes.I2S) {
      return conversion(op);
    }
    if (op >= Opcodes.LCMP && op <= Opcodes.DCMPG) {
      Type t =
          op == Opcodes.LCMP
              ? Type.LONG_TYPE
              : op <= Opcodes.FCMPG ? Type.FLOAT_TYPE : Type.DOUBLE_TYPE;
      return value(unitOf(t), List.of(t, t), Type.INT_TYPE);
    }
    if (op >= Opcodes.IFEQ && op <= Opcodes.IF_ICMPLE) {
      List<Type> operands =
          op <= Opcodes.IFLE ? List.of(Type.INT_TYPE) : List.of(Type.INT_TYPE, Type.INT_TYPE);
      return new Shape(Unit.INT, Kind.BRANCH, operands, Type.BOOLEAN_TYPE, 1, false);
    }
    if (op == Opcodes.GETFIELD
        && userData.contains(((FieldInsnNode) insn).owner + "." + ((FieldInsnNode) insn).name)) {
      Type t = Type.getType(((FieldInsnNode) insn).desc);
      return isPrimitive(t)
          ? new Shape(Unit.CACHE, Kind.VALUE, List.of(OBJECT), t, width(t), false)
          : new Shape(Unit.CACHE, Kind.REFERENCE, List.of(OBJECT), t, 0, false);
    }
    if (insn instanceof MethodInsnNode call) {
      return call(call);
    }
    return null;
  }

  private static Shape call(MethodInsnNode call) {
    Type returned = Type.getReturnType(call.desc);
    List<Type> operands = new java.util.ArrayList<>();
    if (call.getOpcode() != Opcodes.INVOKESTATIC) {
      operands.add(OBJECT);
    }
    operands.addAll(List.of(Type.getArgumentTypes(call.desc)));
    String owner = call.owner;
    String name = call.name;
    if ((owner.equals("java/lang/Math") || owner.equals("java/lang/StrictMath"))
        && isPrimitive(returned)) {
      return value(Unit.FP, operands, returned);
    }
    if (name.equals("lvValue") && call.desc.equals("(I)Ljava/lang/Object;")
        || owner.equals(SLOT_VERSION) && name.equals("value")) {
      return new Shape(Unit.CACHE, Kind.REFERENCE, operands, returned, 0, false);
    }
    if (!isVectorCall(owner, name)) {
      return null;
    }
    if (owner.equals("java/lang/System")) {
      return new Shape(Unit.VECTOR, Kind.ARRAY_RANGE, operands, Type.VOID_TYPE, 8, false);
    }
    if (name.equals("fill")) {
      Type array = operands.get(0);
      return operands.size() == 2 && isPrimitiveArray(array)
          ? new Shape(
              Unit.VECTOR, Kind.ARRAY_RANGE, operands, Type.VOID_TYPE, elementWidth(array), false)
          : null;
    }
    if (name.startsWith("copyOf")) {
      return isPrimitiveArray(returned)
          ? new Shape(
              Unit.VECTOR, Kind.REFERENCE, operands, returned, elementWidth(returned), false)
          : null;
    }
    return isPrimitive(returned) ? value(Unit.VECTOR, operands, returned) : null;
  }

  /** The JDK's intrinsic bulk operations the issue lists (CRC32 as well as CRC32C). */
  private static boolean isVectorCall(String owner, String name) {
    return switch (owner) {
      case "java/lang/System" -> name.equals("arraycopy");
      case "java/util/Arrays" ->
          Set.of("equals", "hashCode", "fill", "copyOf", "copyOfRange", "mismatch").contains(name);
      case "java/lang/String" -> name.equals("equals") || name.equals("hashCode");
      case "java/util/zip/CRC32C", "java/util/zip/CRC32" -> name.equals("getValue");
      default -> false;
    };
  }

  private static Shape conversion(int op) {
    Type from;
    Type to;
    switch (op) {
      case Opcodes.I2L -> {
        from = Type.INT_TYPE;
        to = Type.LONG_TYPE;
      }
      case Opcodes.I2F -> {
        from = Type.INT_TYPE;
        to = Type.FLOAT_TYPE;
      }
      case Opcodes.I2D -> {
        from = Type.INT_TYPE;
        to = Type.DOUBLE_TYPE;
      }
      case Opcodes.L2I -> {
        from = Type.LONG_TYPE;
        to = Type.INT_TYPE;
      }
      case Opcodes.L2F -> {
        from = Type.LONG_TYPE;
        to = Type.FLOAT_TYPE;
      }
      case Opcodes.L2D -> {
        from = Type.LONG_TYPE;
        to = Type.DOUBLE_TYPE;
      }
      case Opcodes.F2I -> {
        from = Type.FLOAT_TYPE;
        to = Type.INT_TYPE;
      }
      case Opcodes.F2L -> {
        from = Type.FLOAT_TYPE;
        to = Type.LONG_TYPE;
      }
      case Opcodes.F2D -> {
        from = Type.FLOAT_TYPE;
        to = Type.DOUBLE_TYPE;
      }
      case Opcodes.D2I -> {
        from = Type.DOUBLE_TYPE;
        to = Type.INT_TYPE;
      }
      case Opcodes.D2L -> {
        from = Type.DOUBLE_TYPE;
        to = Type.LONG_TYPE;
      }
      case Opcodes.D2F -> {
        from = Type.DOUBLE_TYPE;
        to = Type.FLOAT_TYPE;
      }
      default -> {
        from = Type.INT_TYPE;
        to = Type.INT_TYPE;
      } // i2b, i2c, i2s
    }
    Unit unit = unitOf(from) == Unit.INT && unitOf(to) == Unit.INT ? Unit.INT : Unit.FP;
    return value(unit, List.of(from), to);
  }

  private static Shape value(Unit unit, List<Type> operands, Type result) {
    boolean passes = !operands.isEmpty() && isPrimitive(operands.get(0));
    return new Shape(unit, Kind.VALUE, operands, result, width(result), passes);
  }

  private static Unit unitOf(Type t) {
    return t.getSort() == Type.FLOAT || t.getSort() == Type.DOUBLE ? Unit.FP : Unit.INT;
  }

  static boolean isPrimitive(Type t) {
    return t.getSort() >= Type.BOOLEAN && t.getSort() <= Type.DOUBLE;
  }

  private static boolean isPrimitiveArray(Type t) {
    return t.getSort() == Type.ARRAY && t.getDimensions() == 1 && isPrimitive(t.getElementType());
  }

  private static int elementWidth(Type array) {
    return width(array.getElementType());
  }

  static int width(Type t) {
    return switch (t.getSort()) {
      case Type.BOOLEAN -> 1;
      case Type.BYTE -> 8;
      case Type.CHAR, Type.SHORT -> 16;
      case Type.LONG, Type.DOUBLE -> 64;
      default -> 32;
    };
  }
}
