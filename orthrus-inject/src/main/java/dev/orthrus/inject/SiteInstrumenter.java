package dev.orthrus.inject;

import dev.orthrus.inject.site.Shape;
import dev.orthrus.inject.site.Shape.Kind;
import dev.orthrus.inject.site.Site;
import java.util.List;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Rewrites a class's sites: a profile run counts each one ({@code Faults.hit(site)} before it), an
 * armed run passes the chosen site's value through a {@code Faults} hook. Only straight-line code
 * is added (operands saved in fresh locals, a call, a cast), so the class's stack map frames stay
 * valid and only the maximum stack and locals are recomputed.
 */
final class SiteInstrumenter {

  static final String FAULTS = "dev/orthrus/inject/fault/Faults";

  private SiteInstrumenter() {}

  /**
   * {@code bytes} with {@code sites} (all of this class) counted or, when {@code armed}, hooked.
   */
  static byte[] instrument(byte[] bytes, List<Site> sites, boolean armed) {
    ClassNode node = new ClassNode();
    new ClassReader(bytes).accept(node, 0);
    for (MethodNode m : node.methods) {
      AbstractInsnNode[] insns = m.instructions.toArray();
      for (Site site : sites) {
        if (!site.method().equals(m.name) || !site.descriptor().equals(m.desc)) {
          continue;
        }
        AbstractInsnNode insn = insns[site.index()];
        if (insn.getOpcode() != site.opcode()) {
          throw new IllegalStateException(
              "site "
                  + site.id()
                  + " ("
                  + site.label()
                  + ") is not where the catalog put it;"
                  + " were the classes rebuilt after the profile?");
        }
        if (armed) {
          hook(m, insn, site);
        } else {
          InsnList count = new InsnList();
          count.add(new LdcInsnNode(site.id()));
          count.add(new MethodInsnNode(Opcodes.INVOKESTATIC, FAULTS, "hit", "(I)V"));
          m.instructions.insertBefore(insn, count);
        }
      }
    }
    ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    node.accept(writer);
    return writer.toByteArray();
  }

  private static void hook(MethodNode m, AbstractInsnNode insn, Site site) {
    Shape shape = site.shape();
    InsnList before = new InsnList();
    InsnList after = new InsnList();
    switch (shape.kind()) {
      case BRANCH -> {
        JumpInsnNode jump = (JumpInsnNode) insn;
        before.add(new LdcInsnNode(jump.getOpcode()));
        before.add(new LdcInsnNode(site.id()));
        before.add(
            shape.operands().size() == 1
                ? new MethodInsnNode(Opcodes.INVOKESTATIC, FAULTS, "branch1", "(III)Z")
                : new MethodInsnNode(Opcodes.INVOKESTATIC, FAULTS, "branch2", "(IIII)Z"));
        m.instructions.insertBefore(insn, before);
        m.instructions.set(insn, new JumpInsnNode(Opcodes.IFNE, jump.label));
        return;
      }
      case INCREMENT -> {
        IincInsnNode inc = (IincInsnNode) insn;
        before.add(new VarInsnNode(Opcodes.ILOAD, inc.var));
        before.add(new InsnNode(Opcodes.DUP));
        before.add(new InsnNode(Opcodes.I2L));
        int old = m.maxLocals;
        m.maxLocals += 2;
        before.add(new VarInsnNode(Opcodes.LSTORE, old));
        before.add(new LdcInsnNode(inc.incr));
        before.add(new InsnNode(Opcodes.IADD));
        before.add(new VarInsnNode(Opcodes.LLOAD, old));
        before.add(new LdcInsnNode(site.id()));
        before.add(new MethodInsnNode(Opcodes.INVOKESTATIC, FAULTS, "i", "(IJI)I"));
        before.add(new VarInsnNode(Opcodes.ISTORE, inc.var));
        m.instructions.insertBefore(insn, before);
        m.instructions.remove(insn);
        return;
      }
      default -> {}
    }
    // Save the operands in fresh locals and push them back, so that the hook can get the first.
    List<Type> operands = shape.operands();
    int[] slots = new int[operands.size()];
    boolean keep = shape.firstOperandPasses() || shape.kind() == Kind.ARRAY_RANGE;
    if (keep) {
      for (int i = 0; i < operands.size(); i++) {
        slots[i] = m.maxLocals;
        m.maxLocals += operands.get(i).getSize();
      }
      for (int i = operands.size() - 1; i >= 0; i--) {
        before.add(new VarInsnNode(operands.get(i).getOpcode(Opcodes.ISTORE), slots[i]));
      }
      for (int i = 0; i < operands.size(); i++) {
        before.add(new VarInsnNode(operands.get(i).getOpcode(Opcodes.ILOAD), slots[i]));
      }
    }
    switch (shape.kind()) {
      case VALUE -> {
        if (shape.firstOperandPasses()) {
          Type first = operands.get(0);
          after.add(new VarInsnNode(first.getOpcode(Opcodes.ILOAD), slots[0]));
          toLongBits(first, after);
        } else {
          after.add(new LdcInsnNode(0L));
        }
        after.add(new LdcInsnNode(site.id()));
        after.add(valueHook(shape.result()));
      }
      case REFERENCE -> {
        after.add(new LdcInsnNode(site.id()));
        after.add(
            new MethodInsnNode(
                Opcodes.INVOKESTATIC, FAULTS, "ref", "(Ljava/lang/Object;I)Ljava/lang/Object;"));
        if (!shape.result().equals(Type.getType(Object.class))) {
          after.add(new TypeInsnNode(Opcodes.CHECKCAST, shape.result().getInternalName()));
        }
      }
      case ARRAY_RANGE -> {
        // System.arraycopy(src, srcPos, dest, destPos, length) or Arrays.fill(array, value).
        boolean copy = operands.size() == 5;
        after.add(new VarInsnNode(Opcodes.ALOAD, slots[copy ? 2 : 0]));
        if (copy) {
          after.add(new VarInsnNode(Opcodes.ILOAD, slots[3]));
          after.add(new VarInsnNode(Opcodes.ILOAD, slots[4]));
        } else {
          after.add(new LdcInsnNode(0));
          after.add(new LdcInsnNode(-1));
        }
        after.add(new LdcInsnNode(site.id()));
        after.add(
            new MethodInsnNode(Opcodes.INVOKESTATIC, FAULTS, "range", "(Ljava/lang/Object;III)V"));
      }
      default -> throw new IllegalStateException("unexpected site kind " + shape.kind());
    }
    m.instructions.insertBefore(insn, before);
    m.instructions.insert(insn, after);
  }

  private static void toLongBits(Type t, InsnList code) {
    switch (t.getSort()) {
      case Type.LONG -> {}
      case Type.FLOAT -> {
        code.add(
            new MethodInsnNode(
                Opcodes.INVOKESTATIC, "java/lang/Float", "floatToRawIntBits", "(F)I"));
        code.add(new InsnNode(Opcodes.I2L));
      }
      case Type.DOUBLE ->
          code.add(
              new MethodInsnNode(
                  Opcodes.INVOKESTATIC, "java/lang/Double", "doubleToRawLongBits", "(D)J"));
      default -> code.add(new InsnNode(Opcodes.I2L));
    }
  }

  private static MethodInsnNode valueHook(Type result) {
    return switch (result.getSort()) {
      case Type.LONG -> new MethodInsnNode(Opcodes.INVOKESTATIC, FAULTS, "l", "(JJI)J");
      case Type.FLOAT -> new MethodInsnNode(Opcodes.INVOKESTATIC, FAULTS, "f", "(FJI)F");
      case Type.DOUBLE -> new MethodInsnNode(Opcodes.INVOKESTATIC, FAULTS, "d", "(DJI)D");
      default -> new MethodInsnNode(Opcodes.INVOKESTATIC, FAULTS, "i", "(IJI)I");
    };
  }
}
