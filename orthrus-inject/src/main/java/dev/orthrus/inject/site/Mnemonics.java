package dev.orthrus.inject.site;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/** Short names of site instructions for labels ({@code imul}, {@code getfield V.price}). */
final class Mnemonics {

  /** The opcodes from {@code iadd} (96) to {@code if_icmple} (164), in order. */
  private static final String[] ARITHMETIC_TO_BRANCHES =
      ("iadd ladd fadd dadd isub lsub fsub dsub imul lmul fmul dmul idiv ldiv fdiv ddiv irem lrem"
              + " frem drem ineg lneg fneg dneg ishl lshl ishr lshr iushr lushr iand land ior lor ixor"
              + " lxor iinc i2l i2f i2d l2i l2f l2d f2i f2l f2d d2i d2l d2f i2b i2c i2s lcmp fcmpl"
              + " fcmpg dcmpl dcmpg ifeq ifne iflt ifge ifgt ifle if_icmpeq if_icmpne if_icmplt"
              + " if_icmpge if_icmpgt if_icmple")
          .split(" ");

  private Mnemonics() {}

  static String of(AbstractInsnNode insn) {
    int op = insn.getOpcode();
    if (op >= Opcodes.IADD && op <= Opcodes.IF_ICMPLE) {
      return ARITHMETIC_TO_BRANCHES[op - Opcodes.IADD];
    }
    if (insn instanceof FieldInsnNode f) {
      return "getfield " + simple(f.owner) + "." + f.name;
    }
    if (insn instanceof MethodInsnNode m) {
      return "call " + simple(m.owner) + "." + m.name;
    }
    return "op" + op;
  }

  private static String simple(String internalName) {
    return internalName.substring(internalName.lastIndexOf('/') + 1);
  }
}
